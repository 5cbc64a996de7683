import { createContext, useContext } from 'react';

/** Series Process marked for lacking an acquisition (their select shows the error until one is chosen). */
export const MarkedSeriesContext = createContext<ReadonlySet<string>>(new Set());

export const useMarkedSeries = () => useContext(MarkedSeriesContext);

/** Scrolls the upload list so the series card is in view, and puts the focus on its acquisition. */
export function revealSeries(seriesId: string): void {
  const card = document.querySelector<HTMLElement>(`[data-series-id="${CSS.escape(seriesId)}"]`);
  if (!card) return;
  card.scrollIntoView({ block: 'center' });
  card.querySelector<HTMLInputElement>('input[aria-label="Acquisition"]')?.focus({ preventScroll: true });
}
