import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** `*` (any origin) or the origins allowed, each `scheme://host[:port]`. */
export type CorsOrigins = '*' | readonly string[];

/** A comma-separated list of origins, or `*`; empty allows none. Answers what is wrong with a bad entry. */
export function parseCorsOrigins(value: string): CorsOrigins | { error: string } {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === '*') return '*';
  for (const entry of entries) {
    let origin: string | null = null;
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
    } catch {
      // not a URL: told below
    }
    if (origin !== entry)
      return { error: `"${entry}" is not an origin (scheme://host[:port], no path), nor a lone *` };
  }
  return entries;
}

const METHODS = 'GET, POST, OPTIONS';
const REQUEST_HEADERS = 'Authorization, Accept, Content-Type, Team';
// What a viewer's script may read of an answer beyond the simple headers.
const EXPOSED = 'Content-Length, Content-Location, ETag, Warning, WWW-Authenticate';
export const ORIGIN_REFUSED = 'This origin may not call this service: it is not among the allowed origins.';

function allowedOrigin(origins: CorsOrigins, origin: string | undefined): string | null {
  if (!origin) return null;
  if (origins === '*') return '*';
  return origins.includes(origin) ? origin : null;
}

/**
 * CORS for the routes of one Fastify scope (DICOMweb's viewers on other origins): allowed origins get
 * `Access-Control-Allow-Origin`, and a preflight (OPTIONS) its answer before any identification. No
 * credentials are allowed: a viewer signs in with the Authorization header, never with the cookie.
 */
export function registerCors(app: FastifyInstance, origins: CorsOrigins): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    const allowed = allowedOrigin(origins, origin);
    if (origin) reply.header('vary', 'Origin');
    if (req.method !== 'OPTIONS') {
      if (allowed)
        reply.header('access-control-allow-origin', allowed).header('access-control-expose-headers', EXPOSED);
      return;
    }
    const preflight = origin !== undefined && req.headers['access-control-request-method'] !== undefined;
    if (!preflight) return reply.status(204).header('allow', METHODS).send();
    if (!allowed) return reply.status(403).send({ message: ORIGIN_REFUSED });
    return reply
      .status(204)
      .header('access-control-allow-origin', allowed)
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', REQUEST_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
  // The preflight is answered by the hook; the route only makes OPTIONS a known method of every path.
  app.route({
    method: 'OPTIONS',
    url: '/*',
    schema: { hide: true },
    handler: async (_req, reply) => reply.status(204).send(),
  });
}
