import type { PageStudy, SeriesStatus } from './model';

const PAST_UPLOAD: ReadonlySet<SeriesStatus> = new Set([
  'uploaded',
  'converting',
  'generatingNii',
  'done',
  'error',
]);

/** The progress line of the upload: series that left 'uploading', of all series being uploaded. */
export function uploadProgress(studies: PageStudy[]): { done: number; total: number } {
  const going = studies
    .flatMap((study) => study.series)
    .filter((s) => s.status !== null && s.status !== 'skipped');
  return {
    done: going.filter((s) => s.status !== null && PAST_UPLOAD.has(s.status)).length,
    total: going.length,
  };
}
