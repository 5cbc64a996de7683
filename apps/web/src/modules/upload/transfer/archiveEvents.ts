import type { InflatedAllEvent, InflatedArchive, InflationOneEvent } from '@voxa/contracts';
import type { AppSocket } from '../../../app/session/useRealtime';
import type { SortEvents } from './runArchives';

/** The server's archive events of one session (upload:server:inflation:one, upload:server:inflated:all). */
export function archiveEvents(socket: AppSocket) {
  return (session: string, onArchive: (archive: InflatedArchive) => void): SortEvents => {
    let stop = () => {};
    const ended = new Promise<void>((resolve) => {
      const onOne = ({ session: of, ...archive }: InflationOneEvent) => {
        if (of === session) onArchive(archive);
      };
      const onAll = (event: InflatedAllEvent) => {
        if (event.session === session) resolve();
      };
      socket.on('upload:server:inflation:one', onOne);
      socket.on('upload:server:inflated:all', onAll);
      stop = () => {
        socket.off('upload:server:inflation:one', onOne);
        socket.off('upload:server:inflated:all', onAll);
      };
    });
    return { ended, stop: () => stop() };
  };
}
