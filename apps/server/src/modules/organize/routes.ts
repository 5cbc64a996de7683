import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as organize from './service';
import { viewedStudy } from '../audit/entries';
import { audited } from '../audit/record';

/** The organize view's calls (upload-and-organize.md sections 2 and 7; docs/decisions/0019). */
export function organizeRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.organize.study, async ({ ctx, params, req }) =>
    audited(db, req, viewedStudy(params.uuid), await organize.organizeStudy(db, ctx, params.uuid)),
  );
  route(app, api.organize.changeSort, async ({ ctx, body }) => organize.changeSort(db, ctx.team.id, body));
  route(app, api.organize.setReference, async ({ ctx, params, body }) =>
    organize.setReference(db, ctx.team.id, params.studyId, body.serie_id),
  );
  route(app, api.organize.moveSeries, async ({ ctx, body }) => organize.moveSeries(db, ctx.team.id, body));
  route(app, api.organize.rename, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      { action: 'changed', subject: 'study', id: params.studyId, data: { name: body.name } },
      await organize.renameStudy(db, ctx.team.id, params.studyId, body.name),
    ),
  );
}
