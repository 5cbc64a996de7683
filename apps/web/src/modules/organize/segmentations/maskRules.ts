import type { MaskRevision } from '@voxa/contracts';

/** A label map the import takes, by its name: `.nii` or `.nii.gz`, in any case. */
export function isLabelMapFile(name: string): boolean {
  return /\.nii(\.gz)?$/i.test(name);
}

/** How a mask travels: a NIfTI label map, or a binary DICOM SEG over the series' instances (decision 0067). */
export type MaskFormat = 'nifti' | 'seg';

/**
 * The saved file of a mask revision: `{structure-slug}-{segmentationId}-r{N}.nii.gz` (or `.dcm` for a
 * DICOM SEG). A team's own slug may hold characters a file system refuses; they become '-'.
 */
export function maskFileName(
  structureSlug: string,
  segmentationId: number,
  revision: number,
  format: MaskFormat = 'nifti',
): string {
  const slug = structureSlug.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${slug}-${segmentationId}-r${revision}.${format === 'seg' ? 'dcm' : 'nii.gz'}`;
}

const REASONS: Record<MaskRevision['reason'], string> = {
  create: 'Created empty',
  import: 'Imported',
  'remove-segment': 'Segment removed',
  restore: 'Restored',
  paint: 'Painted',
};

export interface RevisionRow extends MaskRevision {
  /** The reason in words. */
  reasonText: string;
  /** The segmentation's current mask (its `mask_revision`). */
  current: boolean;
}

/** The revisions list: newest first whatever order it came in, the reason in words, the current one marked. */
export function revisionRows(revisions: readonly MaskRevision[], current: number | null): RevisionRow[] {
  return [...revisions]
    .sort((a, b) => b.revision - a.revision)
    .map((r) => ({ ...r, reasonText: REASONS[r.reason], current: r.revision === current }));
}
