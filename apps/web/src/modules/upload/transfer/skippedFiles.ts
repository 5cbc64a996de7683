/** A file the server's sort could not read, with its reason (the sort's `skipped`). */
export interface SkippedFile {
  path: string;
  reason: string;
}

/** Lines shown of a long list: the rest are counted. */
export const SKIPPED_SHOWN = 10;

/**
 * What the page tells of the files the server's sort could not read: a title with their
 * number, and one `path: reason` line each (the first SKIPPED_SHOWN, then how many more). Null when none.
 */
export function skippedNotice(skipped: readonly SkippedFile[]): { title: string; lines: string[] } | null {
  if (skipped.length === 0) return null;
  const title =
    skipped.length === 1 ? '1 file could not be read' : `${skipped.length} files could not be read`;
  const lines = skipped.slice(0, SKIPPED_SHOWN).map((s) => `${s.path}: ${s.reason}`);
  if (skipped.length > SKIPPED_SHOWN) lines.push(`… and ${skipped.length - SKIPPED_SHOWN} more`);
  return { title, lines };
}
