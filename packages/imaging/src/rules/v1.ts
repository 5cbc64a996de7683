import type { UploadSeries } from '../upload-model';

/** The V1 upload page's rules (upload-and-organize.md 4 V1 upload state, 5 V1, 8). */

export const V1_ALLOWED_EXTENSIONS = ['dcm', 'zip', 'rar', 'tar.gz'] as const;

/** dcm is read in the browser; an archive is inflated on the server; anything else is ignored. */
export type V1FileKind = 'dcm' | 'archive' | 'ignored';

/**
 * A dropped file's kind from its name: DICOMDIR and files with another extension than the allowed ones
 * are ignored; a file without an extension is taken for DICOM (as scanners write them).
 */
export function v1FileKind(name: string): V1FileKind {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base.toUpperCase() === 'DICOMDIR') return 'ignored';
  const lower = base.toLowerCase();
  if (lower.endsWith('.zip') || lower.endsWith('.rar') || lower.endsWith('.tar.gz')) return 'archive';
  if (lower.endsWith('.dcm')) return 'dcm';
  return base.includes('.') ? 'ignored' : 'dcm';
}

/*
 * Duplicates by SOP instance UID and 'File {name} has no data part. Skipped.' are the shared grouping's
 * (group/group-dicom.ts, group/skip-reasons.ts): V1 and V2 read dropped DICOM the same way.
 */

/** A series' checkbox is enabled with more than 1 slice of equal orientation, or more than 1 frame. */
export function v1SeriesCheckable(
  series: Pick<UploadSeries, 'cnt' | 'numberOfFrames' | 'imageOrientationEqual'>,
): boolean {
  return (series.cnt > 1 && series.imageOrientationEqual) || series.numberOfFrames > 1;
}

/** Checked after parsing: checkable, and not a series of 1 to 5 single-frame images. */
export function v1StartsChecked(
  series: Pick<UploadSeries, 'cnt' | 'numberOfFrames' | 'imageOrientationEqual'>,
): boolean {
  const small = series.cnt >= 1 && series.cnt <= 5 && series.numberOfFrames <= 1;
  return v1SeriesCheckable(series) && !small;
}

export interface Category {
  slug: string;
  title: string;
}

/** The body part the file names (BodyPartExamined), only when it is a category's slug. */
export function bodyPartFromFile(
  bodyPartExamined: string | null,
  categories: readonly Category[],
): string | null {
  if (!bodyPartExamined) return null;
  const wanted = bodyPartExamined.trim().toLowerCase();
  return categories.find((c) => c.slug.toLowerCase() === wanted)?.slug ?? null;
}

export const MISSING_BODYPART = 'Missing bodypart';
export const NOTHING_SELECTED = 'Nothing selected';
export const NO_SELECTED_SERIE = 'No selected serie';
export const STUDY_EXISTS_WARNING = 'Study exists in your team. Study will be duplicate.';

export interface V1StudyChoice {
  bodyPart: string | null;
  series: { checked: boolean }[];
}

/**
 * Why the batch cannot be processed: a study with a checked series needs a body part among the
 * categories ('Missing bodypart'); with no series checked at all, 'Nothing selected'.
 */
export function v1ProcessingProblem(
  studies: readonly V1StudyChoice[],
  categories: readonly Category[],
): string | null {
  const slugs = new Set(categories.map((c) => c.slug));
  const withChecked = studies.filter((s) => s.series.some((x) => x.checked));
  if (withChecked.length === 0) return NOTHING_SELECTED;
  if (withChecked.some((s) => !s.bodyPart || !slugs.has(s.bodyPart))) return MISSING_BODYPART;
  return null;
}

/** Start stays disabled while any study has no body part. */
export const v1StartDisabled = (studies: readonly Pick<V1StudyChoice, 'bodyPart'>[]) =>
  studies.length === 0 || studies.some((s) => !s.bodyPart);

/** The warning when slice thickness differs from the table position spacing (both known). */
export function sliceSpacingWarning(
  series: Pick<UploadSeries, 'sliceThickness' | 'tablePositionSpacing'>,
): string | null {
  const { sliceThickness: thickness, tablePositionSpacing: spacing } = series;
  if (thickness === null || spacing === null || Math.abs(thickness - spacing) < 0.01) return null;
  return `Slice thickness (${thickness} mm) differs from table position spacing (${round(spacing)} mm).`;
}

const round = (n: number) => Math.round(n * 100) / 100;

export type V1UploadState =
  'ready' | 'uploading' | 'uploaded' | 'sorted' | 'converting' | 'organize' | 'done';

/** organize once converted plus failed series equal the checked ones. */
export const v1ConversionEnded = (converted: number, failed: number, checked: number) =>
  checked > 0 && converted + failed >= checked;

export type V1Result = 'done' | 'warning' | 'oops';

/** Every file succeeded: Done!; some failed: Warning!; all failed: Oops! Uploading failed. */
export function v1Result(counts: { succeeded: number; failed: number }): V1Result {
  if (counts.failed === 0) return 'done';
  return counts.succeeded === 0 ? 'oops' : 'warning';
}

export const V1_RESULT_TEXT: Record<V1Result, { title: string; message: string }> = {
  done: { title: 'Done!', message: 'All files were uploaded.' },
  warning: { title: 'Warning!', message: 'Some files failed.' },
  oops: { title: 'Oops!', message: 'Oops! Uploading failed.' },
};
