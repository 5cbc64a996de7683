import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { requestConversion } from './convert-request';
import { changeStudyStatus, finishUpload } from './finish';
import { storeStudy } from './store-study';

export function conversionRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.conversion.createStudy, async ({ ctx, body }) => storeStudy(deps, ctx, body));
  route(app, api.conversion.convertSeries, async ({ ctx, params, body }) =>
    requestConversion(deps, ctx, params, body),
  );
  route(app, api.conversion.changeStatus, async ({ ctx, body }) => changeStudyStatus(deps, ctx, body));
  route(app, api.conversion.finished, async ({ ctx, body }) => finishUpload(deps, ctx, body));
}
