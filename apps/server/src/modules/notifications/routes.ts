import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as notifications from './service';

export function notificationRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.notifications;
  const owner = (ctx: { team: { id: number }; user: { id: number } }) => ({
    teamId: ctx.team.id,
    userId: ctx.user.id,
  });
  route(app, e.list, async ({ ctx, query }) => {
    const version = ctx.user.permission_version;
    return {
      notifications: await notifications.listNotifications(deps.db, owner(ctx), query.per_page),
      permissionVersion: version,
      ...(query.permission_version === version ? {} : { user_permission: ctx.permissions }),
    };
  });
  route(app, e.newer, async ({ ctx, query }) => ({
    notifications: { data: await notifications.newerNotifications(deps.db, owner(ctx), query.last_id) },
  }));
  route(app, e.updateAll, async ({ ctx, body }) => ({
    updated: await notifications.markAllNotifications(deps, owner(ctx), body.is_seen),
  }));
  route(app, e.update, async ({ ctx, params, body }) =>
    notifications.markNotification(deps, owner(ctx), params.id, body.is_seen),
  );
}
