import type { SeriesListItem } from '@voxa/contracts';

/** Converted series are the ones a model can read. */
export const convertedSeries = <T extends Pick<SeriesListItem, 'status'>>(series: readonly T[]): T[] =>
  series.filter((s) => s.status === 'done');

/** The series an inference runs on unless chosen: the reference series, else the first converted one. */
export function defaultSeries<T extends Pick<SeriesListItem, 'uuid' | 'status' | 'ref_serie'>>(
  series: readonly T[],
): T | undefined {
  const converted = convertedSeries(series);
  return converted.find((s) => s.ref_serie === true) ?? converted[0];
}

/** A series as the choice names it: its number, acquisition and modality. */
export function seriesLabel(
  s: Pick<SeriesListItem, 'series_number' | 'acquisition_code' | 'modality_code' | 'ref_serie'>,
): string {
  const parts = [
    s.series_number !== null ? `#${s.series_number}` : null,
    s.acquisition_code,
    s.modality_code,
    s.ref_serie ? '(reference)' : null,
  ];
  return parts.filter((p): p is string => Boolean(p)).join(' ') || 'Series';
}
