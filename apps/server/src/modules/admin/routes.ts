import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { listInvitations } from '../invitations/present';
import { findRole, listRoles, updateRolePermissions } from '../roles/service';
import * as admin from './service';
import { leaveSwitch, startSwitch } from './user-switch';

const a = api.admin;

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, a.users, async ({ query }) => admin.listUsers(db, query.search));
  route(app, a.teams, async ({ query }) => admin.listTeams(db, query.search));
  route(app, a.invitations, async () => listInvitations(db));
  route(app, a.roles, async () => listRoles(db));
  route(app, a.updateRole, async ({ params, body }) =>
    updateRolePermissions(deps, await findRole(db, params.roleId), body.permissions),
  );
  route(app, a.userSwitch, async ({ ctx, body, req }) => ({
    token: await startSwitch(deps, ctx, body.user_id, req),
  }));
  route(app, a.userSwitchLeave, async ({ ctx, req }) => ({ token: await leaveSwitch(deps, ctx, req) }));
}
