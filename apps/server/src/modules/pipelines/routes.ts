import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as pipelines from './service';

export function pipelineRoutes(app: FastifyInstance, { db }: Deps): void {
  const e = api.pipelines;
  route(app, e.blueprints, async () => pipelines.listBlueprints(db));
  route(app, e.list, async ({ ctx }) => pipelines.listTeamPipelines(db, ctx.team.id));
  route(app, e.detail, async ({ ctx, params }) =>
    pipelines.pipelineDetail(db, ctx.team.id, params.pipelineId),
  );
  route(app, e.create, async ({ ctx, body }) =>
    pipelines.createPipeline(db, { teamId: ctx.team.id, userId: ctx.user.id }, body),
  );
  route(app, e.update, async ({ ctx, params, body }) =>
    pipelines.updatePipeline(db, ctx.team.id, params.pipelineId, body),
  );
  route(app, e.remove, async ({ ctx, params }) =>
    pipelines.removePipeline(db, ctx.team.id, params.pipelineId),
  );
}
