import { teamOrigin, teamSlugFromHost } from '@voxa/contracts';

/**
 * The base domain (host and port) that team sub-domains hang under. The server writes it into
 * index.html as `<meta name="voxa-base-domain">`; the Vite dev server does not, so fall back to
 * VITE_BASE_DOMAIN or the current host.
 */
export function baseDomain(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="voxa-base-domain"]')?.content;
  return meta || import.meta.env.VITE_BASE_DOMAIN || location.host;
}

/** The team of this page, from the first label of the host; null on the base domain. */
export function currentTeamSlug(): string | null {
  return teamSlugFromHost(location.host, baseDomain());
}

export function baseOrigin(): string {
  return `${location.protocol}//${baseDomain()}`;
}

export function teamOriginOf(slug: string): string {
  return teamOrigin(slug, baseDomain(), location.protocol);
}

/** The team address shown to people: `acme.localhost:3000`. */
export function teamAddress(slug: string): string {
  return `${slug}.${baseDomain()}`;
}
