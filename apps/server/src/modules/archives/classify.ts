import {
  classifyFile,
  findDuplicates,
  UNSUPPORTED_FILE_MESSAGE,
  unsupportedReason,
  type FileRef,
} from '@voxa/imaging';

/** A file an archive gave: `inside` is its path in the archive, `size` its inflated size. */
export interface InflatedFile {
  archive: string;
  inside: string;
  size: number;
}

export interface SkippedPath {
  path: string;
  reason: string;
}

export interface InflatedClassification {
  dcm: FileRef[];
  nii: FileRef[];
  skipped: SkippedPath[];
}

/** A file's path among the session's inflated files: its archive's name, then its path inside. */
export const inflatedPath = (f: Pick<InflatedFile, 'archive' | 'inside'>) => `${f.archive}/${f.inside}`;

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * What the sort reads of the files the archives gave, by the page's rules (upload-and-organize.md 5, V2):
 * the kind from the file's name and size (a `.dcm.gz` is DICOM, read by content), DICOMDIR ignored,
 * an unsupported file skipped with the page's reason for it, and duplicates (the same path inside an
 * archive with the same size, as when one set of files is uploaded in two archives) kept once.
 */
export function classifyInflated(files: readonly InflatedFile[]): InflatedClassification {
  const duplicates = findDuplicates(files.map((f) => ({ name: f.inside, size: f.size })));
  const firstOf = new Map<string, string>();
  const result: InflatedClassification = { dcm: [], nii: [], skipped: [] };
  files.forEach((f, index) => {
    const path = inflatedPath(f);
    const key = `${f.inside}\u0000${f.size}`;
    if (duplicates.has(index)) {
      result.skipped.push({ path, reason: `Duplicate of ${firstOf.get(key) ?? 'another file'}.` });
      return;
    }
    firstOf.set(key, path);
    const name = baseName(f.inside);
    if (name.toUpperCase() === 'DICOMDIR') {
      result.skipped.push({ path, reason: 'DICOMDIR is ignored.' });
      return;
    }
    const kind = classifyFile({ name, size: f.size });
    const ref: FileRef = { name, size: f.size, path };
    if (kind === 'dcm' || kind === 'nii') result[kind].push(ref);
    else if (kind === 'compressed')
      result.skipped.push({ path, reason: 'A compressed file inside an archive is not inflated.' });
    else result.skipped.push({ path, reason: unsupportedReason(ref) ?? UNSUPPORTED_FILE_MESSAGE });
  });
  return result;
}

/**
 * The session's files sent as they are (not in an archive), by name and size: those the sort must read to
 * tell whether they can be read at all. The page reads its own files; the sort reports the unreadable.
 */
export function classifyLoose(files: readonly { name: string; size: number }[]): InflatedClassification {
  const result: InflatedClassification = { dcm: [], nii: [], skipped: [] };
  for (const f of files) {
    const ref: FileRef = { name: baseName(f.name), size: f.size, path: f.name };
    const kind = classifyFile({ name: ref.name, size: f.size });
    if (kind === 'dcm' || kind === 'nii') result[kind].push(ref);
    else result.skipped.push({ path: f.name, reason: unsupportedReason(ref) ?? UNSUPPORTED_FILE_MESSAGE });
  }
  return result;
}
