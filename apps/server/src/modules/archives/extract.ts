import { mkdir, open, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { intoNewFolder } from './new-folder';
import {
  ArchiveError,
  entryPath,
  isNestedArchive,
  isSymlinkEntry,
  readerRefusal,
  totalsProblem,
  type ArchiveLimits,
} from './policy';

export interface Totals {
  entries: number;
  inflated: number;
  compressed: number;
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip
        ? reject(new ArchiveError(`Not a readable zip archive: ${error?.message ?? ''}`))
        : resolve(zip),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
  );

/** Counts inflated bytes as they pass and stops the stream once a limit is crossed. */
function meter(totals: Totals, limits: ArchiveLimits): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      totals.inflated += chunk.length;
      const problem = totalsProblem(totals, limits);
      done(problem ? new ArchiveError(problem) : null, chunk);
    },
  });
}

async function writeEntry(zip: ZipFile, entry: Entry, target: string, totals: Totals, limits: ArchiveLimits) {
  await mkdir(path.dirname(target), { recursive: true });
  // 'wx': two entries of one name are refused rather than the second silently replacing the first.
  // Opened before the stream is made, so the refusal rejects here instead of an unheard 'error' event.
  const out = await open(target, 'wx');
  try {
    await pipeline(await openEntry(zip, entry), meter(totals, limits), out.createWriteStream());
  } finally {
    await out.close();
  }
}

async function extractInto(
  file: string,
  root: string,
  prefix: string,
  depth: number,
  totals: Totals,
  limits: ArchiveLimits,
): Promise<string[]> {
  const zip = await openZip(file);
  const realRoot = await realpath(root);
  const written: string[] = [];
  const nested: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      const message = String((error as Error)?.message ?? error);
      reject(
        error instanceof ArchiveError
          ? error
          : new ArchiveError(readerRefusal(message) ?? `Damaged archive: ${message}`),
      );
    };
    zip.on('error', fail);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      const handle = async () => {
        if (entry.fileName.endsWith('/')) return;
        const checked = entryPath(entry.fileName);
        if ('refused' in checked) throw new ArchiveError(checked.refused);
        if (isSymlinkEntry(entry.externalFileAttributes))
          throw new ArchiveError(`Archive entry ${JSON.stringify(entry.fileName)} is a symbolic link.`);
        if (entry.isEncrypted()) throw new ArchiveError('Encrypted archives are not supported.');
        totals.entries += 1;
        totals.compressed += entry.compressedSize;
        const relative = prefix ? `${prefix}/${checked.path}` : checked.path;
        const target = path.join(realRoot, relative);
        if (!target.startsWith(realRoot + path.sep))
          throw new ArchiveError(
            `Archive entry ${JSON.stringify(entry.fileName)} leaves the archive folder.`,
          );
        await writeEntry(zip, entry, target, totals, limits);
        if (!(await realpath(path.dirname(target))).startsWith(realRoot))
          throw new ArchiveError(
            `Archive entry ${JSON.stringify(entry.fileName)} leaves the archive folder.`,
          );
        (isNestedArchive(relative) ? nested : written).push(relative);
      };
      handle().then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
  for (const inner of nested) {
    if (depth >= limits.maxNesting)
      throw new ArchiveError(`Archives nested more than ${limits.maxNesting} deep are refused.`);
    const innerFile = path.join(realRoot, inner);
    written.push(...(await extractInto(innerFile, root, `${inner}.contents`, depth + 1, totals, limits)));
    await rm(innerFile);
  }
  return written;
}

/**
 * Inflates a zip archive into `destination` (a new, empty folder), nested archives into `<name>.contents/`,
 * and answers the relative paths of the files written. Refuses (ArchiveError) zip-slip names, absolute
 * paths, symbolic links, encrypted entries, archives nested too deep, and bombs, counted on the bytes as
 * they inflate. On refusal `destination` is removed, so nothing of a refused archive stays.
 */
export function extractZip(file: string, destination: string, limits: ArchiveLimits): Promise<string[]> {
  return intoNewFolder(destination, () =>
    extractInto(file, destination, '', 0, { entries: 0, inflated: 0, compressed: 0 }, limits),
  );
}
