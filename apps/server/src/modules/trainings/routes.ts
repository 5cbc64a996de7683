import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { promoteTraining } from './promote';
import * as trainings from './service';
import { trainingRuns } from '../audit/ai-runs';
import { audited } from '../audit/record';

/** AI trainings (teams-and-account.md 4, 5, 7.6; docs/decisions/0052-trainings.md). */
export function trainingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const e = api.trainings;
  route(app, e.trainSegmentation, async ({ ctx, params, query }) =>
    trainings.trainSegmentations(db, ctx, params.modelId, query.segmentationId),
  );
  route(app, e.create, async ({ ctx, body }) => trainings.createTraining(db, ctx, body));
  route(app, e.start, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      () => trainingRuns(db, ctx.team.id, params.trainingId),
      await trainings.startTraining(db, ctx.team.id, params.trainingId, body),
    ),
  );
  route(app, e.stop, async ({ ctx, params, body }) =>
    trainings.stopTraining(db, ctx.team.id, params.trainId, body),
  );
  route(app, e.promote, async ({ ctx, params }) => promoteTraining(deps, ctx.team.id, params.trainingId));
  route(app, e.list, async ({ ctx }) => trainings.listTrainings(deps, ctx.team.id));
  route(app, e.detail, async ({ ctx, params }) =>
    trainings.trainingDetail(deps, ctx.team.id, params.trainingId),
  );
}
