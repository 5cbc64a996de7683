/** Cookie helpers for the auth cookie that is shared by the base domain and every team sub-domain. */

export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * The `domain=` attribute for a cookie valid on every sub-domain, or null when the base host is
 * `localhost` (Chromium keeps `domain=localhost` cookies host-only, so the attribute would not help).
 */
export function cookieDomain(baseDomain: string): string | null {
  const host = baseDomain.replace(/:\d+$/, '');
  if (host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return host;
}

export function cookieString(
  name: string,
  value: string,
  domain: string | null,
  maxAgeSeconds: number,
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${maxAgeSeconds}`,
    'samesite=lax',
  ];
  if (domain) parts.push(`domain=${domain}`);
  return parts.join('; ');
}
