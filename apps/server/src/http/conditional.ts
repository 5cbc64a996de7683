import type { ByteRange } from '../platform/storage';

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim());
  return values.some((v) => v === '*' || v === etag || v === `W/${etag}`);
}

/**
 * The part of a `size`-byte file a Range header asks for (RFC 9110 14.1): `bytes=a-b`, `bytes=a-` or
 * the last `n` bytes `bytes=-n`, the end clamped to the file. `null` means "send the whole file": no
 * header, a form we do not serve (several ranges, other units), or an If-Range naming an older version.
 * 'unsatisfiable' is a range wholly past the end (416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
  ifRange?: { header: string | string[] | undefined; etag: string },
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  if (ifRange?.header !== undefined && ifRange.header !== ifRange.etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
