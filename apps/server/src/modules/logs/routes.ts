import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { recordActivity } from './service';

export function logRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.logs.create, async ({ ctx, query }) => recordActivity(deps.db, ctx, query));
}
