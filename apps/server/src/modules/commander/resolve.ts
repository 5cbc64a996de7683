import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { notFound, unprocessable } from '../../http/errors';
import { isInside, parseCommanderPath, type CommanderRoot } from './paths';

/** A path checked inside its root on the real file system. */
export interface Resolved {
  root: CommanderRoot;
  /** The root's real path (symbolic links resolved). */
  realRoot: string;
  /** The entry itself: its real parent joined with its own name (a link stays the link). */
  real: string;
  /** The commander path as asked. */
  asked: string;
}

const outside = (asked: string) =>
  unprocessable(`The path ${JSON.stringify(asked)} leads outside the commander folders.`, { path: [asked] });

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A root's real path; the default root is made on first use, a missing configured one answers 404. */
export async function realRootOf(root: CommanderRoot): Promise<string> {
  if (root.create) await mkdir(root.dir, { recursive: true });
  return realpath(root.dir).catch((error: unknown) => {
    if (isMissing(error)) throw notFound(`The commander folder ${root.name} is not there.`);
    throw error;
  });
}

async function parse(asked: string, roots: CommanderRoot[]) {
  const parsed = parseCommanderPath(asked, roots);
  if (parsed.kind === 'refused') throw unprocessable(parsed.reason, { path: [parsed.reason] });
  return parsed;
}

/**
 * Where a commander path leads, checked after every symbolic link on the way is resolved: its parent's
 * real path must be inside the root's real path, and so must the entry's own target when it is a link.
 * `must` says whether the entry must exist (404 otherwise) or must not (409 is the caller's).
 */
export async function resolvePath(
  asked: string,
  roots: CommanderRoot[],
  must: 'exist' | 'be new',
): Promise<Resolved> {
  const parsed = await parse(asked, roots);
  if (parsed.kind === 'top') throw unprocessable('The list of commander folders cannot be changed.');
  const realRoot = await realRootOf(parsed.root);
  const found = { root: parsed.root, realRoot, asked };
  if (parsed.segments.length === 0) return { ...found, real: realRoot };
  const parentPath = path.join(realRoot, ...parsed.segments.slice(0, -1));
  let realParent: string;
  try {
    realParent = await realpath(parentPath);
  } catch (error) {
    if (isMissing(error)) throw notFound(`The folder of ${JSON.stringify(asked)} does not exist.`);
    throw error;
  }
  if (!isInside(realRoot, realParent)) throw outside(asked);
  const real = path.join(realParent, parsed.segments.at(-1) ?? '');
  const stats = await lstat(real).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (must === 'exist' && !stats) throw notFound(`${JSON.stringify(asked)} does not exist.`);
  if (stats?.isSymbolicLink()) {
    const target = await realpath(real).catch(() => null);
    if (!target || !isInside(realRoot, target)) throw outside(asked);
  }
  return { ...found, real };
}

/** Whether a commander path is the list of roots. */
export const isTop = async (asked: string, roots: CommanderRoot[]) =>
  (await parse(asked, roots)).kind === 'top';

/** The real path a listing reads: links followed, the result checked inside the root. */
export async function resolveFolder(asked: string, roots: CommanderRoot[]): Promise<Resolved> {
  const found = await resolvePath(asked, roots, 'exist');
  const real = await realpath(found.real);
  if (!isInside(found.realRoot, real)) throw outside(asked);
  return { ...found, real };
}
