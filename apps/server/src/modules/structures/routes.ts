import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
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
}
