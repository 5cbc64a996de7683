import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { requestToken } from '../../http/authenticate';
import { matchesEtag, requestedRange } from '../../http/conditional';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { findCase } from './case';
import { seriesVolume } from './volume';
import { downloadedVolume, viewedSeries } from '../audit/entries';
import { audited, recordAudit } from '../audit/record';

/** Revalidated on every use: a series converted again keeps its URL but not its bytes. */
const REVALIDATE = 'private, no-cache';

/** The annotator's sign-in and case, on the API host (/api). */
export function annotatorRoutes(app: FastifyInstance, deps: Deps): void {
  // The annotator shares the app's session (decision 0036): the sign-in is the token this request carried.
  route(app, api.annotator.signed, async ({ ctx, req }) => ({
    token: requestToken(req)?.token ?? '',
    id: ctx.user.id,
    user_permission: ctx.permissions,
    permission_version: ctx.user.permission_version,
  }));
  route(app, api.annotator.case, async ({ ctx, params, req }) =>
    audited(deps.db, req, viewedSeries(params.uuid), await findCase(deps.db, ctx, params.uuid)),
  );
}

/** The annotator's data, on the services host (/svc). */
export function annotatorServiceRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.annotator.volume, async ({ ctx, params, req, reply }) => {
    const file = await seriesVolume(deps, ctx.team.id, params.uuid, params.volume);
    reply.header('etag', file.etag).header('cache-control', REVALIDATE).header('accept-ranges', 'bytes');
    if (matchesEtag(req.headers['if-none-match'], file.etag)) {
      reply.status(304);
      return new Uint8Array(0);
    }
    const range = requestedRange(req.headers.range, file.size, {
      header: req.headers['if-range'],
      etag: file.etag,
    });
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      throw new HttpError(416, 'Range Not Satisfiable');
    }
    if (!range || range.start === 0)
      await recordAudit(deps.db, req, downloadedVolume(params.uuid, params.volume));
    if (!range) {
      reply.header('content-length', file.size);
      return deps.storage.read(file.key);
    }
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
    return deps.storage.read(file.key, range);
  });
}
