/**
 * The team of a request is the first label of its host when the host is a sub-domain of the base
 * domain: `acme.localhost:3000` under `localhost:3000` is team `acme`; the base host has no team.
 */
export function teamSlugFromHost(host: string | undefined, baseDomain: string): string | null {
  if (!host) return null;
  const h = host.toLowerCase();
  const base = baseDomain.toLowerCase();
  if (h === base || !h.endsWith(`.${base}`)) return null;
  const label = h.slice(0, -(base.length + 1));
  return label && !label.includes('.') ? label : null;
}

export function teamOrigin(slug: string, baseDomain: string, protocol: string): string {
  return `${protocol}//${slug}.${baseDomain}`;
}
