import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { flowDetail, listFlows } from './service';

export function flowRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.flows.list, async ({ ctx, query }) => listFlows(db, ctx.team.id, query));
  route(app, api.flows.detail, async ({ ctx, params }) => flowDetail(db, ctx.team.id, params.flowId));
}
