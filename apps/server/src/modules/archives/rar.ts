import { mkdir, open, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createExtractorFromData, UnrarError, type FileHeader } from 'node-unrar-js';
import { intoNewFolder } from './new-folder';
import { ArchiveError, entryPath, totalsProblem, type ArchiveLimits } from './policy';

/**
 * node-unrar-js (the official unrar compiled to WASM) reads a RAR from memory and keeps what it extracts
 * there until the archive is read: a RAR is refused past this size, archive or inflated
 * (docs/decisions/0064).
 */
export const MAX_RAR_BYTES = 1024 ** 3;

/** Why an entry is refused, from its header alone (the listing pass, before any byte is extracted). */
function headerProblem(header: FileHeader): string | null {
  if (header.flags.encrypted) return 'Encrypted archives are not supported.';
  if (header.flags.directory) return null;
  const checked = entryPath(header.name);
  return 'refused' in checked ? checked.refused : null;
}

/** The listing pass: every header checked, the declared sizes counted against the limits. */
function checkListing(headers: Iterable<FileHeader>, limits: ArchiveLimits, compressed: number): void {
  const declared = { entries: 0, inflated: 0, compressed };
  let problem: string | null = null;
  // The generator is read to its end whatever it holds: stopping early would leak the WASM archive.
  for (const header of headers) {
    if (problem) continue;
    problem = headerProblem(header);
    if (header.flags.directory) continue;
    declared.entries += 1;
    declared.inflated += header.unpSize;
    problem ??= totalsProblem(declared, limits);
    if (!problem && declared.inflated > MAX_RAR_BYTES)
      problem = `A RAR archive may inflate to at most ${MAX_RAR_BYTES} bytes.`;
  }
  if (problem) throw new ArchiveError(problem);
}

/**
 * The extracted entries; unrar makes no data file for a link (its header hides the attributes that would
 * tell), and the library then fails on the missing file: that entry is refused as a link.
 */
function* readingLinks<T>(files: Generator<T>, name: () => string): Generator<T> {
  try {
    yield* files;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new ArchiveError(`Archive entry ${JSON.stringify(name())} is a link or not a regular file.`);
  }
}

async function extractInto(file: string, root: string, limits: ArchiveLimits): Promise<string[]> {
  const size = (await stat(file)).size;
  if (size > MAX_RAR_BYTES) throw new ArchiveError(`A RAR archive may be at most ${MAX_RAR_BYTES} bytes.`);
  const data = await readFile(file);
  const extractor = await createExtractorFromData({
    data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  });
  const list = extractor.getFileList();
  if (list.arcHeader.flags.volume) throw new ArchiveError('Multi-volume RAR archives are not supported.');
  checkListing(list.fileHeaders, limits, size);

  const realRoot = await realpath(root);
  const totals = { entries: 0, inflated: 0, compressed: size };
  const written: string[] = [];
  let problem: string | null = null;
  let current = '';
  const extracted = extractor.extract({
    files: (header) => {
      current = header.name;
      return true;
    },
  });
  // Read to the end (see checkListing); what follows a refusal is dropped unwritten.
  for (const entry of readingLinks(extracted.files, () => current)) {
    if (problem || entry.fileHeader.flags.directory || !entry.extraction) continue;
    const checked = entryPath(entry.fileHeader.name);
    if ('refused' in checked) {
      problem = checked.refused;
      continue;
    }
    totals.entries += 1;
    totals.inflated += entry.extraction.length;
    problem = totalsProblem(totals, limits);
    if (problem) continue;
    const target = path.join(realRoot, checked.path);
    await mkdir(path.dirname(target), { recursive: true });
    if (!(await realpath(path.dirname(target))).startsWith(realRoot)) {
      problem = `Archive entry ${JSON.stringify(entry.fileHeader.name)} leaves the archive folder.`;
      continue;
    }
    // 'wx': a regular file, never a link, and never over an earlier entry of the same name.
    const out = await open(target, 'wx').catch(() => null);
    if (!out) {
      problem = `Archive entry ${JSON.stringify(entry.fileHeader.name)} is in the archive twice.`;
      continue;
    }
    try {
      await out.write(entry.extraction);
    } finally {
      await out.close();
    }
    written.push(checked.path);
  }
  if (problem) throw new ArchiveError(problem);
  return written;
}

/**
 * Inflates a RAR archive (v4 or v5) into `destination` (a new, empty folder), with the zip reader's rules:
 * names checked by entryPath, encrypted and multi-volume archives refused, the limits applied to the
 * declared sizes before extracting and to the bytes extracted. Every entry is written as a regular file,
 * so a link stored in the archive is never made one. On refusal `destination` is removed.
 */
export function extractRar(file: string, destination: string, limits: ArchiveLimits): Promise<string[]> {
  return intoNewFolder(destination, () =>
    extractInto(file, destination, limits).catch((error: unknown) => {
      if (error instanceof UnrarError)
        throw new ArchiveError(`Not a readable RAR archive: ${error.message}.`);
      throw error;
    }),
  );
}
