import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as apiUsers from './service';

/** /admin/api/users and /admin/api/detail/:id: the team's API users and their tokens (r:api-users). */
export function apiUserRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.apiUsers;
  route(app, e.list, async ({ ctx }) => apiUsers.listApiUsers(deps.db, ctx.team.id));
  route(app, e.roles, async ({ ctx }) => apiUsers.roleChoices(deps.db, ctx.team.id));
  route(app, e.create, async ({ ctx, body }) => apiUsers.createApiUser(deps.db, ctx, body));
  route(app, e.detail, async ({ ctx, params }) =>
    apiUsers.apiUserDetail(deps.db, ctx.team.id, params.apiUserId),
  );
  route(app, e.remove, async ({ ctx, params }) =>
    apiUsers.removeApiUser(deps.db, ctx.team.id, params.apiUserId),
  );
  route(app, e.createToken, async ({ ctx, params, body }) =>
    apiUsers.createToken(deps.db, ctx, params.apiUserId, body),
  );
  route(app, e.revokeToken, async ({ ctx, params }) =>
    apiUsers.revokeToken(deps.db, ctx.team.id, params.apiUserId, params.tokenId),
  );
}
