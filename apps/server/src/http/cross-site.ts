import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

export const CROSS_SITE_REFUSED =
  'This request was refused: it came without X-Requested-With or from another origin.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CrossSiteInput {
  method: string;
  /** The caller signed in by the cookie alone (no Authorization header). */
  byCookie: boolean;
  requestedWith: string | string[] | undefined;
  origin: string | undefined;
  host: string | undefined;
}

/**
 * Whether a request could have been made by another site in the user's browser (decision 0003): a
 * cookie travels with any request to the domain, including from a sibling sub-domain, but a custom header
 * needs a CORS pre-flight this server never grants, and a browser names the page's origin. So a
 * state-changing request signed in by cookie must carry X-Requested-With and, when the browser names an
 * Origin, come from this very host.
 */
export function isCrossSite(i: CrossSiteInput): boolean {
  if (!i.byCookie || SAFE_METHODS.has(i.method.toUpperCase())) return false;
  if (!i.requestedWith) return true;
  if (i.origin === undefined) return false;
  try {
    return new URL(i.origin).host !== i.host;
  } catch {
    // `Origin: null` (a sandboxed frame, a redirect across sites) or garbage: not this host.
    return true;
  }
}

/** Refuses (403) a cookie-authenticated state change that another site could have made. */
export function refuseCrossSite(req: FastifyRequest, byCookie: boolean): void {
  const refused = isCrossSite({
    method: req.method,
    byCookie,
    requestedWith: req.headers['x-requested-with'],
    origin: req.headers.origin,
    host: req.headers.host,
  });
  if (refused) throw forbidden(CROSS_SITE_REFUSED);
}
