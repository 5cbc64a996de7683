import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';

export function permissionRoutes(app: FastifyInstance): void {
  route(app, api.roles.getPermission, async ({ ctx }) => ({
    permission_version: ctx.user.permission_version,
    user_permision: ctx.permissions,
  }));
}
