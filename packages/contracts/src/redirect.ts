/**
 * A redirect target must be a path on this site: one leading slash not followed by another slash or a
 * backslash (browsers read both as `//host`), no backslash anywhere, no whitespace or control characters,
 * and no scheme-like first segment.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  if (target.includes('\\') || /\s/.test(target)) return false;
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  return !/^\/[^/?#]*:/.test(target);
}

export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return isSafeRedirect(target) ? target : fallback;
}
