/**
 * Where a page of a list sorted by an index is read from: the nearer end of the index, so that the last
 * pages of a long list skip as few entries as the first ones (an OFFSET walks every entry it skips).
 */
export interface PageWindow {
  /** Read in reverse order (oldest first), then reversed back. */
  fromEnd: boolean;
  offset: number;
  limit: number;
}

/**
 * The window of page `page` (from 1) of `size` rows in a list of `total` rows; null when the page lies
 * past the end (nothing to read). Pages in the second half are read from the end.
 */
export function pageWindow(page: number, size: number, total: number): PageWindow | null {
  const start = (page - 1) * size;
  if (start >= total) return null;
  const limit = Math.min(size, total - start);
  const fromStart = start;
  const fromEnd = total - start - limit;
  return fromEnd < fromStart
    ? { fromEnd: true, offset: fromEnd, limit }
    : { fromEnd: false, offset: start, limit };
}
