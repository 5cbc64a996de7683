import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as transferFunctions from './service';

export function transferFunctionRoutes(app: FastifyInstance, { db }: Deps): void {
  const e = api.transferFunctions;
  route(app, e.list, async ({ ctx, query }) =>
    transferFunctions.listTransferFunctions(db, ctx.team.id, query),
  );
  route(app, e.create, async ({ ctx, body }) =>
    transferFunctions.createTransferFunction(db, { teamId: ctx.team.id, userId: ctx.user.id }, body),
  );
  route(app, e.update, async ({ ctx, params, body }) =>
    transferFunctions.updateTransferFunction(db, ctx.team.id, params.transferFunctionId, body),
  );
  route(app, e.remove, async ({ ctx, params }) =>
    transferFunctions.removeTransferFunction(db, ctx.team.id, params.transferFunctionId),
  );
}
