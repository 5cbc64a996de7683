import type { UploadSeries, UploadStudy } from '../upload-model';
import { DEFAULT_ACQUISITION } from '../types';

type ReferenceSeries = Pick<UploadSeries, 'id' | 'acquisitionCode' | 'score' | 'ref_serie'>;
type ReferenceStudy<T extends ReferenceSeries> = Pick<UploadStudy, 'modality'> & { series: T[] };

/**
 * The series that should be the reference: highest score among the study's AR series (CT) or T2W
 * series (MR). On equal scores the first in the list wins. null when the modality has no reference
 * acquisition or no series has it.
 */
export function autoReferenceSeries<T extends ReferenceSeries>(study: ReferenceStudy<T>): string | null {
  const referenceCode = DEFAULT_ACQUISITION[study.modality];
  let best: T | null = null;
  for (const series of study.series) {
    if (series.acquisitionCode !== referenceCode) continue;
    if (!best || series.score > best.score) best = series;
  }
  return best?.id ?? null;
}

/** Makes seriesId the only reference (null: none). ref_serie is true or absent, never false. */
export function withReference<T extends ReferenceSeries, S extends { series: T[] }>(
  study: S,
  seriesId: string | null,
): S {
  const series = study.series.map((s) => {
    if (s.id === seriesId) return { ...s, ref_serie: true as const };
    if (!s.ref_serie) return s;
    const { ref_serie: _cleared, ...rest } = s;
    return rest as T;
  });
  return { ...study, series };
}

/** Clicking the current reference clears it; clicking another series moves the reference there. */
export function toggleReference<T extends ReferenceSeries, S extends { series: T[] }>(
  study: S,
  seriesId: string,
): S {
  const isCurrent = study.series.some((s) => s.id === seriesId && s.ref_serie);
  return withReference(study, isCurrent ? null : seriesId);
}
