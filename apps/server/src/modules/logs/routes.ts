import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { recordActivity } from './service';
import { eventsCsv, listEvents, listSessions, sessionDetail } from './sessions';

export function logRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.logs.create, async ({ ctx, query }) => recordActivity(deps.db, ctx, query));
}

/** /admin/log…: the team's log sessions and events (r:log-session). */
export function logSessionRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.logSessions;
  route(app, e.list, async ({ ctx, query: { page, ...filter } }) =>
    listSessions(deps.db, ctx.team.id, filter, page),
  );
  route(app, e.detail, async ({ ctx, params }) => sessionDetail(deps.db, ctx.team.id, params.sessionId));
  route(app, e.events, async ({ ctx, query: { page, ...filter } }) =>
    listEvents(deps.db, ctx.team.id, filter, page),
  );
  route(app, e.csv, async ({ ctx, query, reply }) => {
    reply.header('content-disposition', `attachment; filename="log-${ctx.team.slug}.csv"`);
    return Buffer.from(await eventsCsv(deps.db, ctx.team.id, query), 'utf8');
  });
}
