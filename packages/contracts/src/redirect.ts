/**
 * A redirect target must be a path on this site: one leading slash, then no slash or backslash
 * (which browsers treat as `//host`), no scheme, no control characters.
 */
const SAFE_PATH = /^\/(?![/\\])[^\\\s\u0000-\u001f]*$/;

export function isSafeRedirect(target: string | null | undefined): target is string {
  return (
    typeof target === 'string' &&
    target.length <= 2048 &&
    SAFE_PATH.test(target) &&
    !/^\/[^/?#]*:/.test(target)
  );
}

export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return isSafeRedirect(target) ? target : fallback;
}
