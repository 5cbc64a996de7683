import type { ServerSeries, ServerStudy, UploadedMetadata } from '@voxa/contracts';
import type { IngestedStudies, UploadSeries, UploadStudy } from '@voxa/imaging';
import type { SkippedPath } from './classify';
import { studyKeyOf, uploadIdOf } from './ids';

/** The metadata a sort writes: what GET uploaded-metadata answers once the session is sorted. */
export type SortedMetadata = Omit<UploadedMetadata, 'status' | 'error'>;

function serverSeries(study: UploadStudy, series: UploadSeries): ServerSeries {
  return {
    ...series,
    uploadId: uploadIdOf(study.id, series.id),
    files: series.files.map((f) => ({ name: f.name, size: f.size, path: f.path ?? f.name })),
  };
}

function serverStudy(study: UploadStudy): ServerStudy {
  return {
    ...study,
    studyKey: studyKeyOf(study.id),
    series: study.series.map((s) => serverSeries(study, s)),
  };
}

/**
 * The sort's result from the grouped headers: every study gets its studyKey and every series its
 * uploadId; NIfTI studies (one per file) go to `nifties`, DICOM ones to `studies`.
 */
export function sortedMetadata(
  archives: SortedMetadata['archives'],
  ingested: IngestedStudies,
  skipped: SkippedPath[],
): SortedMetadata {
  const studies = ingested.studies.map(serverStudy);
  const isNifti = (s: ServerStudy) => s.series.length > 0 && s.series.every((x) => x.type === 'nii');
  return {
    archives,
    studies: studies.filter((s) => !isNifti(s)),
    nifties: studies.filter(isNifti),
    skipped: [
      ...skipped,
      ...ingested.skipped.map((s) => ({ path: s.file.path ?? s.file.name, reason: s.reason })),
    ],
  };
}

/** A series of the metadata by its uploadId, with its study. */
export function findSeries(
  metadata: SortedMetadata,
  uploadId: string,
): { study: ServerStudy; series: ServerSeries } | null {
  for (const study of [...metadata.studies, ...metadata.nifties])
    for (const series of study.series) if (series.uploadId === uploadId) return { study, series };
  return null;
}

/** Every file path the metadata's series hold: the only paths a server-located conversion may name. */
export function seriesPaths(metadata: SortedMetadata): Set<string> {
  const paths = new Set<string>();
  for (const study of [...metadata.studies, ...metadata.nifties])
    for (const series of study.series) for (const f of series.files) paths.add(f.path);
  return paths;
}
