import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { seriesCineFacts } from './cine-facts';

/** The XA viewer's facts, on the services host (/svc). */
export function cineServiceRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.cine.facts, async ({ ctx, params }) => seriesCineFacts(deps, ctx.team.id, params.uuid));
}
