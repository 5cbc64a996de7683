import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { requestSort, uploadedMetadata } from '../archives/service';
import { prepareSession } from '../upload/service';
import { framePixels } from './pixel-data';
import { checkStatus, moveSeries } from './service';

/** The V1 action (prepare, move, check-status) on the API host; its chunks are served by upload/routes. */
export function batchUploadRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.batchUpload.action, async ({ ctx, body }) => {
    if ('prepare' in body) return prepareSession({ deps }, ctx);
    if ('move' in body)
      return moveSeries(deps, ctx, {
        sessionId: body.session_id,
        studies: body.studies,
        series: body.series,
      });
    return checkStatus(deps, ctx, body.studies);
  });
}

/** The V1 calls of the services host (/svc). */
export function batchUploadServiceRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.batchUpload.afterUpload, async ({ ctx, params, query }) => {
    if (!query.check) {
      const { status } = await requestSort(deps, ctx, params.session);
      return { status, error: null, result: null };
    }
    const metadata = await uploadedMetadata(deps, ctx, params.session);
    const { status, error, studies, archives, skipped } = metadata;
    return { status, error, result: status === 'sorted' ? { studies, archives, skipped } : null };
  });
  route(svc, api.batchUpload.pixelData, async ({ ctx, params, body }) =>
    framePixels(deps, ctx, params.session, body),
  );
}
