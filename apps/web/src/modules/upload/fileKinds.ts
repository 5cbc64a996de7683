import type { FileKind } from '@voxa/imaging';

/** The counters of the Configure upload panel, in the spec's order (section 2, V2 upload screen). */
export const KIND_LABELS: readonly { kind: FileKind; label: string }[] = [
  { kind: 'dcm', label: 'DICOM' },
  { kind: 'nii', label: 'NIfTI' },
  { kind: 'compressed', label: 'Compressed' },
  { kind: 'unsupported', label: 'Unsupported' },
  { kind: 'duplicate', label: 'Duplicate' },
];

/** The file list under a counter filter: all files without one, the files of that kind with one. */
export function filterByKind<T extends { kind: FileKind }>(files: readonly T[], kind: FileKind | null): T[] {
  return kind === null ? files.slice() : files.filter((f) => f.kind === kind);
}
