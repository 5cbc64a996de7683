import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as roles from './service';

export function roleRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, api.roles.teamRoles, async ({ ctx }) => roles.listRoles(db, ctx.team.id));
  route(app, api.roles.updateTeamRole, async ({ ctx, params, body }) =>
    roles.updateRolePermissions(deps, await roles.findRole(db, params.roleId, ctx.team.id), body.permissions),
  );
}
