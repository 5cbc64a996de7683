import { NO_EXTENSION_DICOM_MIN_BYTES, type FileKind, type FileRef } from '../types';
import { fileExtension } from './extension';

const isTarGz = (name: string) => name.endsWith('.tar.gz');

/**
 * What the V2 upload makes of one file, by name and size alone (section 5, V2).
 *
 * `.nii.gz` is client-readable NIfTI, so it counts as 'nii', not 'compressed'. Another `.gz` is
 * 'compressed' when the name still contains `nii.gz` (the spec's literal rule, e.g. `brain_nii.gz`); any
 * other `.gz` but `.tar.gz` is taken for gzipped DICOM (`.dcm.gz`, docs/decisions/0025): its reader
 * inflates it and calls it unsupported, with the reason, when it holds no DICOM. A file without an
 * extension is DICOM above 10240 bytes.
 */
export function classifyFile(file: FileRef): Exclude<FileKind, 'duplicate'> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.nii.gz')) return 'nii';
  const extension = fileExtension(name);
  switch (extension) {
    case 'dcm':
      return 'dcm';
    case 'nii':
      return 'nii';
    case 'zip':
      return 'compressed';
    case 'gz':
      if (name.includes('nii.gz')) return 'compressed';
      return isTarGz(name) ? 'unsupported' : 'dcm';
    case null:
      return file.size > NO_EXTENSION_DICOM_MIN_BYTES ? 'dcm' : 'unsupported';
    default:
      return 'unsupported';
  }
}

const ARCHIVES_NOT_READ = new Set(['rar', 'tar', 'tgz', '7z', 'bz2', 'xz']);

/**
 * Why `classifyFile` calls a file unsupported, in words its row can show (null for a file it reads).
 * The drop's toast stays the spec's 'This file type is not supported. Try different format.'
 */
export function unsupportedReason(file: FileRef): string | null {
  if (classifyFile(file) !== 'unsupported') return null;
  const name = file.name.toLowerCase();
  const extension = fileExtension(name);
  if (extension === null)
    return `A file without an extension counts as DICOM only above ${NO_EXTENSION_DICOM_MIN_BYTES} bytes; this one has ${file.size}`;
  if (isTarGz(name) || ARCHIVES_NOT_READ.has(extension))
    return `.${isTarGz(name) ? 'tar.gz' : extension} archives are not read: upload a .zip instead`;
  return `.${extension} files are not supported: upload DICOM (.dcm, .dcm.gz or no extension), NIfTI (.nii, .nii.gz) or .zip`;
}

/** Indexes of the files that repeat an earlier file's name and size; the first one of each stays. */
export function findDuplicates(files: readonly FileRef[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  files.forEach((file, index) => {
    // A NUL cannot occur in a file name, so it separates name and size without ambiguity.
    const key = `${file.name}\u0000${file.size}`;
    if (seen.has(key)) duplicates.add(index);
    else seen.add(key);
  });
  return duplicates;
}

export interface Classification {
  /** The kind of each input file, in input order. */
  kinds: FileKind[];
  /** The files of each kind, in input order; the UI's counters filter by these lists. */
  byKind: Record<FileKind, FileRef[]>;
  counts: Record<FileKind, number>;
}

const ALL_KINDS: readonly FileKind[] = ['dcm', 'nii', 'compressed', 'unsupported', 'duplicate'];

/** Classifies a drop: duplicates first (by name and size), then each remaining file by its name. */
export function classifyAll(files: readonly FileRef[]): Classification {
  const duplicates = findDuplicates(files);
  const kinds = files.map((file, index): FileKind =>
    duplicates.has(index) ? 'duplicate' : classifyFile(file),
  );
  const byKind = Object.fromEntries(ALL_KINDS.map((kind) => [kind, [] as FileRef[]])) as Record<
    FileKind,
    FileRef[]
  >;
  files.forEach((file, index) => byKind[kinds[index] as FileKind].push(file));
  const counts = Object.fromEntries(ALL_KINDS.map((kind) => [kind, byKind[kind].length])) as Record<
    FileKind,
    number
  >;
  return { kinds, byKind, counts };
}
