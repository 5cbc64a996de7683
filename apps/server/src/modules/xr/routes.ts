import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as protocol from './protocol';
import * as sessions from './sessions';
import * as workers from './workers';

/** /admin/xr-workers and /admin/xr-sessions (decision 0062). */
export function xrRoutes(app: FastifyInstance, deps: Deps): void {
  const w = api.xrWorkers;
  route(app, w.list, async ({ ctx }) => workers.listXrWorkers(deps.db, ctx.team.id));
  route(app, w.create, async ({ ctx, body }) => workers.createXrWorker(deps.db, ctx, body.name));
  route(app, w.remove, async ({ ctx, params }) =>
    workers.revokeXrWorker(deps.db, ctx.team.id, params.xrWorkerId),
  );
  const s = api.xrSessions;
  route(app, s.list, async ({ ctx }) => sessions.listXrSessions(deps.db, ctx.team.id));
  route(app, s.create, async ({ ctx, body }) => sessions.createXrSession(deps.db, ctx, body));
  route(app, s.end, async ({ ctx, params }) =>
    sessions.endXrSession(deps.db, ctx.team.id, params.xrSessionId),
  );
}

/** What XR workers call with their token. */
export function xrWorkerProtocolRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.xrWorkerProtocol;
  route(app, e.register, async ({ ctx, body }) => protocol.registerXrWorker(deps.db, ctx.xrWorker, body));
  route(app, e.heartbeat, async ({ ctx, body }) => protocol.xrHeartbeat(deps.db, ctx.xrWorker, body.showing));
  route(app, e.input, async ({ ctx, params, reply }) => {
    const file = await protocol.xrSessionInput(deps, ctx.xrWorker, params.xrSessionId, params.volume);
    reply.header('content-length', file.size);
    return deps.storage.read(file.key);
  });
  route(app, e.end, async ({ ctx, params }) =>
    protocol.endByWorker(deps.db, ctx.xrWorker, params.xrSessionId),
  );
}
