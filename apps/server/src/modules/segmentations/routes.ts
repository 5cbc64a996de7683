import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as assignments from './assignments';
import { segmentationDetail } from './detail';
import { listSegmentations } from './list';
import { createMask } from './masks';
import { assignableRoles } from './present';
import * as segmentations from './service';

/** Segmentations, their segments and role boxes (teams-and-account.md 7.5; docs/decisions/0030). */
export function segmentationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, api.segmentations.assignableRoles, async ({ ctx }) => assignableRoles(db, ctx.team.id));
  route(app, api.segmentations.assignedToSeries, async ({ ctx, params }) =>
    assignments.assignedToSeries(db, ctx.team.id, params.uuid),
  );
  route(app, api.segmentations.availableUsers, async ({ ctx, params }) =>
    assignments.availableUsers(db, ctx, params),
  );
  route(app, api.segmentations.addUser, async ({ ctx, body }) => assignments.addUser(db, ctx, body));
  route(app, api.segmentations.removeUser, async ({ ctx, params }) =>
    assignments.removeUser(db, ctx, params),
  );
  route(app, api.segmentations.list, async ({ ctx, query }) => listSegmentations(db, ctx, query));
  route(app, api.segmentations.detail, async ({ ctx, params }) =>
    segmentationDetail(db, ctx, params.segmentationId),
  );
  route(app, api.segmentations.create, async ({ ctx, params, body }) =>
    segmentations.createSegmentation(db, ctx, params.uuid, body),
  );
  route(app, api.segmentations.remove, async ({ ctx, params }) =>
    segmentations.removeSegmentation(deps, ctx, params.uuid, params.segmentationId),
  );
  route(app, api.segmentations.createSegment, async ({ ctx, params, body }) =>
    segmentations.createSegment(db, ctx, params.uuid, params.segmentationId, body),
  );
  route(app, api.segmentations.deleteSegment, async ({ ctx, params }) =>
    segmentations.deleteSegment(db, ctx, segmentAt(params)),
  );
  route(app, api.segmentations.renameSegment, async ({ ctx, params, body }) =>
    segmentations.renameSegment(db, ctx, segmentAt(params), body.name),
  );
  route(app, api.segmentations.recolorSegment, async ({ ctx, params, body }) =>
    segmentations.recolorSegment(db, ctx, segmentAt(params), body.color),
  );
}

const segmentAt = (p: { uuid: string; segmentationId: number; segmentId: number }) => ({
  seriesUuid: p.uuid,
  segmentationId: p.segmentationId,
  segmentId: p.segmentId,
});

/** Label masks, on the services host (/svc). */
export function maskRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.masks.create, async ({ ctx, params }) =>
    createMask(deps, ctx, params.uuid, params.segmentationId),
  );
}
