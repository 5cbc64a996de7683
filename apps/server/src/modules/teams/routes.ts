import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as members from './members';
import * as teams from './service';

const t = api.teams;

export function teamRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, t.create, async ({ ctx, body }) => teams.createTeam(deps, ctx.user, body));
  route(app, t.checkSlug, async ({ query }) => teams.checkSlug(db, query.slug));
  route(app, t.getItem, async ({ ctx, query }) => teams.teamOfUser(db, ctx.user.id, query.slug));
  route(app, t.preferred, async ({ ctx, body }) => teams.setPreferred(db, ctx.user.id, body.slug));
  route(app, t.get, async ({ ctx, params }) => teams.presentTeam(db, ctx.user.id, params.teamSubdomain));
  route(app, t.members, async ({ ctx }) => members.listMembers(db, ctx.team.id));
  route(app, t.changeMemberRole, async ({ ctx, params, body }) =>
    members.changeMemberRole(deps, ctx.team.id, params.userId, body.role_id),
  );
  route(app, t.removeMember, async ({ ctx, params }) => members.removeMember(deps, ctx, params.userId));
}
