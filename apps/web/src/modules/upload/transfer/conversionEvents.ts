import type { SeriesConversionEvent, SeriesListItem } from '@voxa/contracts';
import type { AppSocket } from '../../../app/session/useRealtime';

/** A conversion that sends no end event in this long has failed (the server converts one series in seconds). */
export const CONVERSION_WAIT_MS = 30 * 60_000;

/** One series whose conversion the page waits for: the page's ids (in events) and the server's. */
export interface AwaitedSeries {
  studyClientId: string;
  seriesClientId: string;
  studyId: number;
  studyUuid: string;
  seriesUuid: string;
}

/** The series of a stored study as the server has them now (GET /studies-v2/series/{id}). */
export type SeriesStates = (studyId: number) => Promise<SeriesListItem[]>;

/** The end event a series' current state stands for, when it has ended. */
export function endOf(series: AwaitedSeries, states: SeriesListItem[]): SeriesConversionEvent | null {
  const state = states.find((s) => s.uuid === series.seriesUuid);
  if (state?.status !== 'done' && state?.status !== 'error') return null;
  return {
    studyUuid: series.studyUuid,
    seriesUuid: series.seriesUuid,
    studyClientId: series.studyClientId,
    serieClientUploadId: series.seriesClientId,
    status: state.status,
    ...(state.warnings && { warnings: state.warnings }),
    ...(state.converter && { converter: state.converter }),
  };
}

/**
 * Waits on the socket for the end of one series' conversion: `upload:conversion:oneserie:done` or
 * `:error` naming the page's study and series. Listening starts at once, before the conversion is asked.
 * Events sent while the socket was down are lost, so on every reconnection the series' state is read
 * again from the server.
 */
export function conversionWaiter(socket: AppSocket, states: SeriesStates, timeoutMs = CONVERSION_WAIT_MS) {
  return (series: AwaitedSeries) =>
    new Promise<SeriesConversionEvent>((resolve, reject) => {
      const onEvent = (event: SeriesConversionEvent) => {
        if (
          event.studyClientId !== series.studyClientId ||
          event.serieClientUploadId !== series.seriesClientId
        )
          return;
        stop();
        resolve(event);
      };
      const onReconnect = () => {
        states(series.studyId)
          .then((list) => {
            const ended = endOf(series, list);
            if (ended) onEvent(ended);
          })
          // Not read this time: the next reconnection or the event itself will tell.
          .catch(() => undefined);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`No end of conversion for series ${series.seriesClientId}`));
      }, timeoutMs);
      function stop() {
        clearTimeout(timer);
        socket.off('upload:conversion:oneserie:done', onEvent);
        socket.off('upload:conversion:oneserie:error', onEvent);
        socket.off('connect', onReconnect);
      }
      socket.on('upload:conversion:oneserie:done', onEvent);
      socket.on('upload:conversion:oneserie:error', onEvent);
      socket.on('connect', onReconnect);
    });
}
