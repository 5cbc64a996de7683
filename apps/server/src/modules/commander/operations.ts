import { sizePretty, type CommanderItem } from '@voxa/contracts';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { conflict, unprocessable } from '../../http/errors';
import { extractZip } from '../archives/extract';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../archives/policy';
import { commanderPathOf, isInside, nameParts, type CommanderRoot } from './paths';
import type { Operation } from './progress';
import { realRootOf, type Resolved } from './resolve';
import { totalBytes, walk, type TreeEntry } from './tree';

export function item(
  pathOf: string,
  basename: string,
  stats: { isFile(): boolean; isDirectory(): boolean; size: number; mtime: Date },
): CommanderItem {
  const size = stats.isFile() ? stats.size : 0;
  return {
    path: pathOf,
    basename,
    ...nameParts(basename),
    isFile: stats.isFile(),
    isDir: stats.isDirectory(),
    size,
    sizePretty: sizePretty(size),
    modified: stats.mtime.toISOString(),
  };
}

const byFolderThenName = (a: CommanderItem, b: CommanderItem) =>
  Number(b.isDir) - Number(a.isDir) || a.basename.localeCompare(b.basename);

/** The roots, as folders; a configured root that is missing (an unmounted share) is left out. */
export async function listRoots(roots: CommanderRoot[]): Promise<CommanderItem[]> {
  const items = await Promise.all(
    roots.map(async (root) => {
      const real = await realRootOf(root).catch(() => null);
      return real ? [item(`/${root.name}`, root.name, await stat(real))] : [];
    }),
  );
  return items.flat().sort(byFolderThenName);
}

/** A folder's items; a link is listed as what it points to, and left out when that is outside the root. */
export async function listFolder(folder: Resolved): Promise<CommanderItem[]> {
  if (!(await stat(folder.real)).isDirectory())
    throw unprocessable(`${JSON.stringify(folder.asked)} is not a folder.`);
  const items: CommanderItem[] = [];
  for (const entry of await readdir(folder.real, { withFileTypes: true })) {
    const real = path.join(folder.real, entry.name);
    const pathOf = commanderPathOf(folder.root, folder.realRoot, real);
    if (entry.isSymbolicLink()) {
      const target = await realpath(real).catch(() => null);
      if (!target || !isInside(folder.realRoot, target)) continue;
      items.push(item(pathOf, entry.name, await stat(target)));
    } else if (entry.isFile() || entry.isDirectory()) items.push(item(pathOf, entry.name, await lstat(real)));
  }
  return items.sort(byFolderThenName);
}

export async function makeFolder(target: Resolved): Promise<void> {
  await mkdir(target.real).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') throw conflict(`${JSON.stringify(target.asked)} exists already.`);
    throw error;
  });
}

/** Where each source goes in the destination folder; refuses names taken and a folder into itself. */
export async function placements(sources: Resolved[], folder: Resolved): Promise<string[]> {
  if (!(await stat(folder.real)).isDirectory())
    throw unprocessable(`${JSON.stringify(folder.asked)} is not a folder.`);
  const realFolder = await realpath(folder.real);
  return Promise.all(
    sources.map(async (source) => {
      if (source.real === source.realRoot)
        throw unprocessable('A commander folder itself cannot be copied or moved.');
      if (isInside(source.real, realFolder))
        throw unprocessable(`${JSON.stringify(source.asked)} cannot go into itself.`);
      const target = path.join(realFolder, path.basename(source.real));
      if (await lstat(target).catch(() => null))
        throw conflict(`${path.basename(source.real)} exists already in ${JSON.stringify(folder.asked)}.`);
      return target;
    }),
  );
}

async function copyEntries(entries: TreeEntry[], destinationParent: string, operation: Operation) {
  for (const entry of entries) {
    const target = path.join(destinationParent, ...entry.relative.split('/'));
    if (entry.isDir) {
      await mkdir(target);
      continue;
    }
    const out = await open(target, 'wx');
    try {
      await pipeline(createReadStream(entry.real), operation.meter(), out.createWriteStream(), {
        signal: operation.signal,
      });
    } finally {
      await out.close();
    }
  }
}

/** Copies each source to its placement, file by file with progress; a stopped copy leaves nothing. */
export async function copyAll(sources: Resolved[], targets: string[], operation: Operation): Promise<void> {
  const trees = await Promise.all(sources.map((s) => walk(s.real)));
  for (const [i, tree] of trees.entries()) {
    const target = targets[i] ?? '';
    try {
      await copyEntries(tree, path.dirname(target), operation);
    } catch (error) {
      await rm(target, { recursive: true, force: true });
      throw error;
    }
  }
}

export const treesBytes = async (sources: Resolved[]) =>
  (await Promise.all(sources.map(async (s) => totalBytes(await walk(s.real))))).reduce((a, b) => a + b, 0);

/** Moves each source: a rename, or a copy then delete when the destination is on another device. */
export async function moveAll(sources: Resolved[], targets: string[], operation: Operation): Promise<void> {
  for (const [i, source] of sources.entries()) {
    const target = targets[i] ?? '';
    try {
      await rename(source.real, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyAll([source], [target], operation);
      await rm(source.real, { recursive: true });
    }
  }
}

export async function removeAll(sources: Resolved[]): Promise<void> {
  for (const source of sources)
    if (source.real === source.realRoot) throw unprocessable('A commander folder itself cannot be deleted.');
  for (const source of sources) await rm(source.real, { recursive: true });
}

/** Writes the zip of a file or folder (links left out); a stopped or failed zip leaves no file. */
export async function zipTo(source: Resolved, file: Resolved, operation: Operation): Promise<void> {
  if (isInside(source.real, path.dirname(file.real)))
    throw unprocessable('The archive cannot be written inside the folder it holds.');
  const entries = await walk(source.real);
  const zip = new yazl.ZipFile();
  // yazl leaves the errors of lazily opened streams unheard: each is passed on to the output, which ends
  // the pipeline below with it; a cancel stops the stream being read.
  // yazl's output is a PassThrough; destroying it ends the pipeline (and is a no-op once it has ended).
  const fail = (error: Error) => (zip.outputStream as Readable).destroy(error);
  for (const entry of entries) {
    if (entry.isDir) zip.addEmptyDirectory(entry.relative, { mtime: entry.mtime });
    else
      zip.addReadStreamLazy(entry.relative, { mtime: entry.mtime, size: entry.size }, (done) => {
        const read = createReadStream(entry.real).on('error', fail);
        operation.signal.addEventListener('abort', () => read.destroy(), { once: true });
        done(null, read.pipe(operation.meter()).on('error', fail));
      });
  }
  zip.on('error', fail);
  zip.end();
  const out = await open(file.real, 'wx').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') throw conflict(`${JSON.stringify(file.asked)} exists already.`);
    throw error;
  });
  try {
    await pipeline(zip.outputStream, out.createWriteStream(), { signal: operation.signal });
  } catch (error) {
    await rm(file.real, { force: true });
    throw error;
  } finally {
    await out.close().catch(() => undefined);
  }
}

export const zipBytes = async (source: Resolved) => totalBytes(await walk(source.real));

/**
 * Inflates a zip into a new folder with the upload archive rules (modules/archives: zip-slip, links,
 * bombs, nesting refused; nothing of a refused archive stays). A refusal answers 422.
 */
export async function unzipInto(file: Resolved, folder: Resolved): Promise<number> {
  if (!(await stat(file.real)).isFile()) throw unprocessable(`${JSON.stringify(file.asked)} is not a file.`);
  if (await lstat(folder.real).catch(() => null))
    throw conflict(`${JSON.stringify(folder.asked)} exists already.`);
  try {
    return (await extractZip(file.real, folder.real, DEFAULT_ARCHIVE_LIMITS)).length;
  } catch (error) {
    if (error instanceof ArchiveError) throw unprocessable(error.message, { file: [error.message] });
    throw error;
  }
}
