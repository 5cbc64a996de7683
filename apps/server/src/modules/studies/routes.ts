import { api, decodeStudyId } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { matchesEtag } from '../../http/conditional';
import { route } from '../../http/route';
import { favoriteStudies, listStudies, studyListItem, uploadHistory } from './list';
import { studySeries } from './series';
import { findStudy, studyExists } from './service';
import { slideshowFrame } from './slideshow-frame';
import { audited } from '../audit/record';

/** A year, and never revalidated: a new slideshow gets new URLs (docs/decisions/0019). */
const IMMUTABLE = 'private, max-age=31536000, immutable';

export function studyRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, api.studies.check, async ({ ctx, params }) =>
    studyExists(deps, ctx.team.id, params.studyInstanceUid),
  );
  route(app, api.studies.list, async ({ ctx, query }) => listStudies(db, ctx.team.id, query));
  route(app, api.studies.detail, async ({ ctx, params, req }) =>
    audited(
      db,
      req,
      { action: 'viewed', subject: 'study', id: params.studyId },
      await studyListItem(db, ctx.team.id, params.studyId),
    ),
  );
  route(app, api.studies.series, async ({ ctx, params }) => studySeries(db, ctx.team.id, params.studyId));
  route(app, api.studies.uuid, async ({ ctx, body }) => {
    const id = decodeStudyId(body.p);
    if (id === null) throw notFound('Study not found.');
    return { uuid: (await findStudy(db, ctx.team.id, id)).uuid };
  });
  route(app, api.studies.favorites, async ({ ctx, body }) => favoriteStudies(db, ctx.team.id, body.uuids));
  route(app, api.studies.uploads, async ({ ctx, query }) => uploadHistory(db, ctx.team.id, query.page));
  route(app, api.studies.slideshowFrame, async ({ ctx, params, req, reply }) => {
    const { png, etag } = await slideshowFrame(deps, ctx.team.id, params.seriesUuid, params.frame);
    reply.header('etag', etag).header('cache-control', IMMUTABLE);
    if (!matchesEtag(req.headers['if-none-match'], etag)) return png;
    reply.status(304);
    return new Uint8Array(0);
  });
}
