/**
 * What an uploaded archive may hold (pure rules; extract.ts applies them while inflating, trusting no
 * size an archive declares). A refused archive writes nothing that stays.
 */
export interface ArchiveLimits {
  /** Bytes all entries may inflate to, nested archives included. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Inflated / compressed bytes, over the whole archive (a zip bomb inflates thousands of times). */
  maxRatio: number;
  /** Archives inside archives: 1 lets a zip hold zips that hold no zips. */
  maxNesting: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: 20 * 1024 ** 3,
  maxEntries: 100_000,
  maxRatio: 200,
  maxNesting: 1,
};

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/**
 * The entry's path relative to the extraction folder, or the reason it is refused: absolute paths, drive
 * letters, `..` segments and NUL would place a file outside the folder (zip-slip).
 */
export function entryPath(name: string): { path: string } | { refused: string } {
  const unified = name.replace(/\\/g, '/');
  if (unified.includes('\0'))
    return { refused: `Archive entry ${JSON.stringify(name)} has a NUL in its name.` };
  if (unified.startsWith('/') || /^[a-zA-Z]:/.test(unified))
    return { refused: `Archive entry ${JSON.stringify(name)} has an absolute path.` };
  const segments = unified.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..'))
    return { refused: `Archive entry ${JSON.stringify(name)} leaves the archive folder.` };
  if (segments.length === 0) return { refused: `Archive entry ${JSON.stringify(name)} has no name.` };
  return { path: segments.join('/') };
}

/** Unix mode bits kept in the upper half of a zip entry's external attributes. */
export function isSymlinkEntry(externalFileAttributes: number): boolean {
  return ((externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

export const isNestedArchive = (path: string) => path.toLowerCase().endsWith('.zip');

/** Refusal once the running totals pass a limit; checked as bytes arrive. */
export function totalsProblem(
  totals: { entries: number; inflated: number; compressed: number },
  limits: ArchiveLimits,
): string | null {
  if (totals.entries > limits.maxEntries) return `The archive holds more than ${limits.maxEntries} files.`;
  if (totals.inflated > limits.maxTotalBytes)
    return `The archive inflates to more than ${limits.maxTotalBytes} bytes.`;
  // Small archives may compress well (zeros, text); the ratio only counts once there is real volume.
  if (totals.inflated > 64 * 1024 * 1024 && totals.inflated > totals.compressed * limits.maxRatio)
    return `The archive inflates more than ${limits.maxRatio} times: refused as a zip bomb.`;
  return null;
}

/**
 * yauzl checks entry names itself before our entryPath sees them; its refusals get our words, so a person
 * reads the same reason whichever check caught the name.
 */
export function readerRefusal(message: string): string | null {
  const named = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/s.exec(message);
  if (!named) return null;
  const name = JSON.stringify(named[2]);
  if (named[1] === 'invalid relative path') return `Archive entry ${name} leaves the archive folder.`;
  if (named[1] === 'absolute path') return `Archive entry ${name} has an absolute path.`;
  return `Archive entry ${name} has characters a file name cannot hold.`;
}
