import type { SeriesConversionEvent } from '@voxa/contracts';
import type { AppSocket } from '../../../app/session/useRealtime';

/** A conversion that sends no end event in this long has failed (the server converts one series in seconds). */
export const CONVERSION_WAIT_MS = 30 * 60_000;

/**
 * Waits on the socket for the end of one series' conversion: `upload:conversion:oneserie:done` or
 * `:error` naming the page's study and series. Listening starts at once, before the conversion is asked.
 */
export function conversionWaiter(socket: AppSocket, timeoutMs = CONVERSION_WAIT_MS) {
  return (studyClientId: string, seriesClientId: string) =>
    new Promise<SeriesConversionEvent>((resolve, reject) => {
      const onEvent = (event: SeriesConversionEvent) => {
        if (event.studyClientId !== studyClientId || event.serieClientUploadId !== seriesClientId) return;
        stop();
        resolve(event);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`No end of conversion for series ${seriesClientId}`));
      }, timeoutMs);
      function stop() {
        clearTimeout(timer);
        socket.off('upload:conversion:oneserie:done', onEvent);
        socket.off('upload:conversion:oneserie:error', onEvent);
      }
      socket.on('upload:conversion:oneserie:done', onEvent);
      socket.on('upload:conversion:oneserie:error', onEvent);
    });
}
