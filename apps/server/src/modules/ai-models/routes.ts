import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { modelFile, uploadModelFile } from './file';
import * as models from './service';

/** The AI model registry (teams-and-account.md 7.6; docs/decisions/0043-ai-models.md). */
export function aiModelRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const e = api.aiModels;
  route(app, e.list, async ({ ctx, query }) => models.listModels(db, ctx, query));
  route(app, e.detail, async ({ ctx, params }) => models.modelDetail(db, ctx, params.modelId));
  route(app, e.create, async ({ ctx, body }) => models.createModel(db, ctx, body));
  route(app, e.update, async ({ ctx, params, body }) => models.updateModel(deps, ctx, params.modelId, body));
  route(app, e.remove, async ({ ctx, params }) => models.removeModel(deps, ctx, params.modelId));
  route(
    app,
    e.upload,
    async ({ ctx, params, body }) => uploadModelFile(deps, ctx, params.modelId, body),
    // The ONNX bytes up to the configured limit; JSON bodies keep BODY_LIMIT.
    { bodyLimit: deps.config.AI_MODEL_MAX_BYTES },
  );
  route(app, e.download, async ({ ctx, params, reply }) => {
    const file = await modelFile(deps, ctx, params.modelId);
    reply
      .header('content-disposition', `attachment; filename="${file.code}.onnx"`)
      .header('x-model-sha256', file.sha256);
    return file.stream;
  });
}
