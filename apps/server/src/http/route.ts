import type { Body, Endpoint, Params, Query, Reply } from '@voxa/contracts';
import {
  API_USER_TEAM_ONLY,
  hasAll,
  hasAny,
  hostPrefix,
  MESSAGES,
  needsVerifiedEmail,
} from '@voxa/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RequestContext, TeamContext, UserContext, WorkerContext, XrWorkerContext } from './context';
import { forbidden, notFound, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

type ContextFor<E extends Endpoint> = E['scope'] extends 'team'
  ? TeamContext
  : E['scope'] extends 'public'
    ? RequestContext
    : E['scope'] extends 'worker'
      ? WorkerContext
      : E['scope'] extends 'xr-worker'
        ? XrWorkerContext
        : UserContext;

export interface HandlerInput<E extends Endpoint> {
  body: Body<E>;
  query: Query<E>;
  params: Params<E>;
  ctx: ContextFor<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<Reply<E>>;

/** Fastify route options beyond the contract, such as a rate limit or a raw body's size limit. */
export type RouteExtras = Pick<RouteOptions, 'config' | 'bodyLimit'>;

/**
 * Registers one contract endpoint: the contract's schemas validate input and output, the scope and
 * permissions are enforced before the handler runs, and the handler only moves data in and out.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  extras?: RouteExtras,
) {
  const status = e.status ?? 200;
  // Each host is its own Fastify scope (app.ts): an endpoint registered on the wrong one would answer 404.
  if (app.prefix !== hostPrefix(e))
    throw new Error(`${e.method} ${e.path} belongs under ${hostPrefix(e)}, not ${app.prefix || '/'}`);
  if (e.rawBody) acceptRawBodies(app, e.rawBody);
  app.route({
    method: e.method,
    url: e.path,
    ...extras,
    schema: {
      summary: e.summary,
      tags: [e.path.split('/')[1] ?? 'api'],
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(e.rawBody && { consumes: [e.rawBody] }),
      ...(e.response && { response: { [status]: e.response } }),
      ...(e.binary && { response: { [status]: binaryResponse(e.binary) } }),
    },
    // Access is decided before the body is read: an anonymous caller gets 401 whatever it sent.
    onRequest: async (req) => enforceScope(e, req.ctx),
    handler: async (req, reply) => {
      const result = await handler({
        body: req.body as Body<E>,
        query: req.query as Query<E>,
        params: req.params as Params<E>,
        ctx: req.ctx as ContextFor<E>,
        req,
        reply,
      });
      if (e.binary) {
        // A handler may answer 304 Not Modified to a conditional request: no body then.
        if (reply.statusCode === 304) return reply.send();
        // ... and 206 Partial Content to a range request.
        const code = reply.statusCode === 206 ? 206 : status;
        return reply.status(code).type(e.binary).send(binaryBody(result));
      }
      reply.status(status);
      return e.response ? result : reply.send();
    },
  });
}

/**
 * Bodies of this content type arrive as a Buffer, read up to the route's body limit (Fastify answers 413
 * past it). Parsers belong to a Fastify scope, so the first raw endpoint of a host adds it.
 */
function acceptRawBodies(app: FastifyInstance, contentType: NonNullable<Endpoint['rawBody']>): void {
  if (app.hasContentTypeParser(contentType)) return;
  app.addContentTypeParser(contentType, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

/** The OpenAPI description of a binary answer: its content type, bytes of any length. */
function binaryResponse(contentType: NonNullable<Endpoint['binary']>) {
  return {
    description: `${contentType} bytes`,
    content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
}

/** A binary handler's answer as Fastify sends it: a Buffer as it is, an async iterable as a stream. */
function binaryBody(result: unknown): Buffer | Readable {
  if (result instanceof Readable) return result;
  if (result instanceof Uint8Array) return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
  if (result && typeof result === 'object' && Symbol.asyncIterator in result)
    return Readable.from(result as AsyncIterable<Uint8Array>, { objectMode: false });
  throw new Error('A binary endpoint answered neither bytes nor an async iterable of bytes.');
}

/**
 * The access rule of every endpoint: 401 without a user, 403 for an API user outside team endpoints, 403
 * without the verified e-mail it needs, 404 outside their team, 403 without the permission.
 */
export function enforceScope(e: Endpoint, ctx: RequestContext): void {
  if (e.scope === 'public') return;
  if (e.scope === 'worker') {
    if (!ctx.worker) throw unauthorized();
    return;
  }
  if (e.scope === 'xr-worker') {
    if (!ctx.xrWorker) throw unauthorized();
    return;
  }
  if (!ctx.user) throw unauthorized();
  // An API user acts in its team only: never on its own account, other teams' creation, or administration.
  if (ctx.apiUserId !== null && e.scope !== 'team') throw forbidden(API_USER_TEAM_ONLY);
  if (needsVerifiedEmail(e) && !ctx.user.email_verified_at) throw forbidden(MESSAGES.verifyFirst);
  if (e.scope === 'admin') {
    if (!ctx.user.is_admin) throw forbidden();
    return;
  }
  if (e.scope !== 'team') return;
  if (!ctx.team) throw notFound('Team not found.');
  if (e.permissions && !hasAll(ctx.permissions, e.permissions)) throw forbidden();
  if (e.anyPermission && !hasAny(ctx.permissions, e.anyPermission)) throw forbidden();
}
