import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { studyExists } from './service';

export function studyRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.studies.check, async ({ ctx, params }) =>
    studyExists(deps, ctx.team.id, params.studyInstanceUid),
  );
}
