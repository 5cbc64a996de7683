import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { newLabelFields } from './policy';
import * as labels from './service';
import { audited } from '../audit/record';

export function labelRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.labels.list, async ({ ctx }) => labels.listLabels(db, ctx.team.id));
  route(app, api.labels.create, async ({ ctx, body, query, req }) =>
    audited(
      db,
      req,
      (l) => ({ action: 'created', subject: 'label', id: l.id }),
      await labels.createLabel(db, { teamId: ctx.team.id, userId: ctx.user.id }, newLabelFields(body, query)),
    ),
  );
  route(app, api.labels.update, async ({ ctx, query, body, req }) =>
    audited(
      db,
      req,
      { action: 'changed', subject: 'label', id: query.id },
      await labels.updateLabel(db, ctx.team.id, query.id, body),
    ),
  );
  route(app, api.labels.ofStudy, async ({ ctx, params }) =>
    labels.studyLabels(db, ctx.team.id, params.studyId),
  );
  route(app, api.labels.attach, async ({ ctx, params, query, req }) =>
    audited(
      db,
      req,
      { action: 'changed', subject: 'study', id: params.studyId, data: { label_attached: query.id } },
      await labels.attachLabel(db, ctx.team.id, params.studyId, query.id),
    ),
  );
  route(app, api.labels.detach, async ({ ctx, params, query, req }) =>
    audited(
      db,
      req,
      { action: 'changed', subject: 'study', id: params.studyId, data: { label_detached: query.id } },
      await labels.detachLabel(db, ctx.team.id, params.studyId, query.id),
    ),
  );
}
