import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as admin from './admin';
import * as structures from './service';

export function structureRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.structures.list, async ({ ctx, query }) =>
    structures.listStructures(db, ctx.team.id, query),
  );
  route(app, api.structures.detail, async ({ ctx, params }) =>
    structures.structureDetail(db, ctx.team.id, params.slug),
  );
  route(app, api.structures.create, async ({ ctx, body }) =>
    structures.createStructure(db, { teamId: ctx.team.id, userId: ctx.user.id }, body),
  );
  route(app, api.structures.update, async ({ ctx, params, body }) =>
    structures.updateStructure(db, ctx.team.id, params.slug, body),
  );
  route(app, api.structures.remove, async ({ ctx, params }) =>
    structures.removeStructure(db, ctx.team.id, params.slug),
  );

  const a = api.adminStructures;
  route(app, a.list, async ({ query }) => admin.listGlobalStructures(db, query));
  route(app, a.create, async ({ ctx, body }) => admin.createGlobalStructure(db, ctx.user.id, body));
  route(app, a.update, async ({ params, body }) => admin.updateGlobalStructure(db, params.structureId, body));
  route(app, a.remove, async ({ params }) => admin.removeGlobalStructure(db, params.structureId));
}
