import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { batchDetail, createBatch, listBatches } from './batches';
import { configureModel, modelConfigurations } from './configuration';
import { cancelWaiting, needsWorker } from './needs-worker';
import * as inferences from './service';
import { batchRuns } from '../audit/ai-runs';
import { audited } from '../audit/record';

/** Inference (teams-and-account.md 4, 7.6; docs/decisions/0047-inference.md). */
export function inferenceRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const e = api.inference;
  route(app, e.create, async ({ ctx, body, req }) =>
    audited(
      db,
      req,
      (i) => ({
        action: 'ai-run',
        subject: 'inference',
        id: i.inferenceId,
        study: { studyUuid: i.caseId },
        data: { model: i.modelId, series: i.taskId },
      }),
      await inferences.createInference(db, ctx, body),
    ),
  );
  route(app, e.list, async ({ ctx, query }) => inferences.listInferences(db, ctx.team.id, query));
  route(app, e.detail, async ({ ctx, params }) =>
    inferences.inferenceDetail(db, ctx.team.id, params.inferenceId),
  );
  route(app, e.cancel, async ({ ctx, params }) =>
    inferences.cancelInference(db, ctx.team.id, params.inferenceId),
  );
  route(app, e.createBatch, async ({ ctx, body, req }) =>
    audited(db, req, (batch) => batchRuns(db, ctx.team.id, batch), await createBatch(db, ctx, body)),
  );
  route(app, e.batches, async ({ ctx }) => listBatches(db, ctx.team.id));
  route(app, e.batch, async ({ ctx, params }) => batchDetail(db, ctx.team.id, params.batchId));
  route(app, e.configuration, async ({ ctx }) => modelConfigurations(db, ctx.team.id));
  route(app, e.configure, async ({ ctx, params, body }) =>
    configureModel(db, ctx.team.id, params.modelId, body),
  );
  route(app, e.needsWorker, async ({ ctx, query }) => needsWorker(db, ctx.team.id, query));
  route(app, e.cancelWaiting, async ({ ctx, body }) => cancelWaiting(db, ctx.team.id, body));
}

/** The start, on the spec's services host (/svc/ai2/infer/start). */
export function inferenceServiceRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.inference.start, async ({ ctx, params, body }) =>
    inferences.startInference(deps.db, ctx, params, body),
  );
}
