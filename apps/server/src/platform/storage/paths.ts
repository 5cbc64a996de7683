import path from 'node:path';

/** A location under the storage root, one path segment per item (`['teams', '3', 'uploads', ...]`). */
export type StorageKey = readonly string[];

/** A path that would leave the storage root or that no file system should see. */
export class UnsafePathError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsafePathError';
  }
}

const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_CHARS = 1024;
// Control characters (NUL included) and the separators of other systems never reach the disk.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\:]/;

/** Why one path segment is refused, or null when it is a plain name. */
export function segmentProblem(segment: string): string | null {
  if (segment === '') return 'empty path segment';
  if (segment === '.' || segment === '..') return `"${segment}" is not allowed`;
  if (segment.includes('/')) return 'a segment may not contain "/"';
  if (FORBIDDEN.test(segment)) return 'control characters, "\\" and ":" are not allowed';
  if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
    return `a segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
  return null;
}

/**
 * The segments of a client's relative path (`study/series/1.dcm`), or an UnsafePathError: no absolute
 * path, no `.` or `..`, no empty segment, no backslash, drive letter or control character.
 */
export function relativeKey(name: string): StorageKey {
  if (name.length === 0) throw new UnsafePathError('the path is empty');
  if (name.length > MAX_PATH_CHARS) throw new UnsafePathError(`the path is longer than ${MAX_PATH_CHARS}`);
  if (name.startsWith('/')) throw new UnsafePathError('the path is absolute');
  const segments = name.split('/');
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) throw new UnsafePathError(problem);
  }
  return segments;
}

/** The absolute path of a key under `root`, checked again after resolution. */
export function resolveInside(root: string, key: StorageKey): string {
  if (!path.isAbsolute(root)) throw new UnsafePathError('the storage root must be absolute');
  if (key.length === 0) throw new UnsafePathError('empty key');
  for (const segment of key) {
    const problem = segmentProblem(segment);
    if (problem) throw new UnsafePathError(problem);
  }
  const resolved = path.resolve(root, ...key);
  if (!isInside(root, resolved)) throw new UnsafePathError('the path leaves the storage root');
  return resolved;
}

/** Whether `target` is `root` itself or below it (both absolute). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(path.resolve(root), path.resolve(target));
  const leaves = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !leaves && !path.isAbsolute(relative);
}
