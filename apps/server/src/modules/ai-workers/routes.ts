import fastifyMultipart from '@fastify/multipart';
import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { finishTraining } from '../trainings/checkpoints';
import { receiveCheckpoint } from '../trainings/checkpoint-upload';
import { reportEpoch, trainingInput, trainingMask } from '../trainings/worker';
import * as protocol from './protocol';
import * as workers from './service';

/** /admin/ai-workers: the team's workers and their tokens. */
export function aiWorkerRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.aiWorkers;
  route(app, e.list, async ({ ctx }) => {
    await protocol.requeueLapsed(deps, ctx.team.id);
    return workers.listWorkers(deps.db, ctx.team.id);
  });
  route(app, e.create, async ({ ctx, body }) => workers.createWorker(deps.db, ctx, body.name));
  route(app, e.remove, async ({ ctx, params }) =>
    workers.removeWorker(deps.db, ctx.team.id, params.workerId),
  );
}

/** The protocol workers speak (docs/ai-workers.md). */
export function aiWorkerProtocolRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.aiWorkerProtocol;
  route(app, e.register, async ({ ctx, body }) => protocol.registerWorker(deps.db, ctx.worker, body));
  route(app, e.heartbeat, async ({ ctx, body }) => protocol.heartbeat(deps.db, ctx.worker, body.running));
  route(app, e.lease, async ({ ctx }) => ({ job: await protocol.leaseJob(deps, ctx.worker) }));
  route(app, e.input, async ({ ctx, params, reply }) => {
    const file = await protocol.jobInput(deps, ctx.worker, params.jobId, params.volume);
    reply.header('content-length', file.size);
    return deps.storage.read(file.key);
  });
  route(app, e.progress, async ({ ctx, params, body }) =>
    protocol.reportProgress(deps.db, ctx.worker, params.jobId, body),
  );
  route(app, e.trainingInput, async ({ ctx, params, reply }) => {
    const file = await trainingInput(deps, ctx.worker, params);
    reply.header('content-length', file.size);
    return deps.storage.read(file.key);
  });
  route(app, e.trainingMask, async ({ ctx, params }) =>
    deps.storage.read(await trainingMask(deps, ctx.worker, params)),
  );
  route(app, e.metrics, async ({ ctx, params, body }) => reportEpoch(deps, ctx.worker, params.jobId, body));
  // Multipart only here: its parser streams the checkpoint's bytes to storage instead of buffering them.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // One byte past the limit reaches the service, which answers 413.
      limits: {
        fileSize: deps.config.AI_MODEL_MAX_BYTES + 1,
        files: 1,
        fields: 4,
        fieldSize: 100_000,
        parts: 5,
      },
    });
    route(scope, e.checkpoint, async ({ ctx, params, req }) =>
      receiveCheckpoint(deps, ctx.worker, params.jobId, req),
    );
  });
  route(app, e.finish, async ({ ctx, params, body }) => finishTraining(deps, ctx.worker, params.jobId, body));
  route(
    app,
    e.result,
    async ({ ctx, params, body }) => protocol.acceptResult(deps, ctx.worker, params.jobId, body),
    { bodyLimit: deps.config.MASK_IMPORT_MAX_BYTES },
  );
  route(app, e.fail, async ({ ctx, params, body }) => protocol.failJob(deps, ctx.worker, params.jobId, body));
}
