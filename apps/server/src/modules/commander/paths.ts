import path from 'node:path';

/**
 * The file commander's path rules, pure: what a page may name, before any file is touched. The file
 * system part (symbolic links resolved, then checked inside the root) is in resolve.ts and applies
 * `isInside` below to real paths.
 */

/** A configured root: shown by its folder name. */
export interface CommanderRoot {
  name: string;
  dir: string;
  /** Made on first use (the default `import/`); a configured root that is missing is an error instead. */
  create: boolean;
}

export const rootsOf = (dirs: string[], create = false): CommanderRoot[] =>
  dirs.map((dir) => ({ name: path.basename(dir), dir, create }));

export type ParsedPath =
  | { kind: 'top' }
  | { kind: 'inside'; root: CommanderRoot; segments: string[] }
  | { kind: 'refused'; reason: string };

// C0/C1 controls, DEL, and the bidirectional overrides that make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const MAX_SEGMENT_BYTES = 255;

function segmentProblem(segment: string): string | null {
  if (segment === '') return 'has an empty segment';
  if (CONTROL.test(segment)) return 'has a control character';
  if (segment.includes('\\')) return 'has a backslash';
  // "." and "..", and lookalikes that normalise to them or to a separator (fullwidth ．．, ／).
  const folded = segment.normalize('NFKC');
  if (/^\.+$/.test(folded)) return 'names the current or a parent folder';
  if (folded.includes('/') || folded.includes('\\')) return 'has a character that reads as a separator';
  // Windows drops trailing dots and spaces ("shell.php." is "shell.php"): refused so names mean one thing.
  if (/[. ]$/.test(segment)) return 'ends in a dot or a space';
  if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) return 'has a name longer than 255 bytes';
  return null;
}

/**
 * A commander path `/{root}/{segment}/…`: absolute within the commander, one optional trailing slash,
 * no empty, `.` or `..` segment, no backslash, control character or lookalike; the root by its exact
 * name. Nothing is decoded (`%2e%2e` stays a literal name).
 */
export function parseCommanderPath(input: string, roots: CommanderRoot[]): ParsedPath {
  const refuse = (why: string): ParsedPath => ({
    kind: 'refused',
    reason: `The path ${JSON.stringify(input)} ${why}.`,
  });
  if (!input.startsWith('/')) return refuse('does not start with /');
  const body = input.length > 1 && input.endsWith('/') ? input.slice(1, -1) : input.slice(1);
  if (body === '') return { kind: 'top' };
  const [rootName = '', ...segments] = body.split('/');
  for (const segment of [rootName, ...segments]) {
    const problem = segmentProblem(segment);
    if (problem) return refuse(problem);
  }
  const root = roots.find((r) => r.name === rootName);
  if (!root) return refuse('is not in a commander folder');
  return { kind: 'inside', root, segments };
}

/** Whether `target` is `root` or below it; both real (resolved) absolute paths. Not a string prefix: /a/bc is not in /a/b. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  if (relative === '') return true;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The commander path of a real path inside a root. */
export function commanderPathOf(root: CommanderRoot, realRoot: string, real: string): string {
  const relative = path.relative(realRoot, real);
  return relative === '' ? `/${root.name}` : `/${root.name}/${relative.split(path.sep).join('/')}`;
}

/** The spec's filename and extension of a basename: the last extension without its dot. */
export function nameParts(basename: string): { filename: string; extension: string } {
  const dot = basename.lastIndexOf('.');
  if (dot <= 0) return { filename: basename, extension: '' };
  return { filename: basename.slice(0, dot), extension: basename.slice(dot + 1) };
}
