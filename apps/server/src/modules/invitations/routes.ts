import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { listInvitations } from './present';
import * as invitations from './service';

const i = api.invitations;

export function invitationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, i.roleList, async ({ ctx }) => invitations.roleOptions(db, ctx.team.id));
  route(app, i.saveItem, async ({ ctx, body }) => invitations.invite(deps, ctx, body));
  route(app, i.status, async ({ ctx, body }) => invitations.answer(deps, ctx.user, body));
  route(app, i.teamList, async ({ ctx }) => listInvitations(db, { teamId: ctx.team.id }));
  route(app, i.revoke, async ({ ctx, params }) => invitations.revoke(db, ctx.team.id, params.id));
}
