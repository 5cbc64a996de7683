import { teamSlugFromHost, AUTH_COOKIE } from '@voxa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { hashToken } from '../platform/secrets';
import { effectivePermissions } from '../modules/permissions/policy';
import type { RequestContext } from './context';

/** The bearer token of a request: the Authorization header, else the auth cookie. */
export function requestToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return req.cookies?.[AUTH_COOKIE] ?? null;
}

/** The team a request speaks for: the host's first label under BASE_DOMAIN, else the `Team` header. */
export function requestTeamSlug(req: FastifyRequest, config: Config): string | null {
  const fromHost = teamSlugFromHost(req.headers.host, config.BASE_DOMAIN);
  if (fromHost) return fromHost;
  const header = req.headers.team;
  return typeof header === 'string' && header.trim() ? header.trim().toLowerCase() : null;
}

/** Resolves user, team and permissions. A named team the user is not in is left out (team scope answers 404). */
export async function buildContext(req: FastifyRequest, db: Db, config: Config): Promise<RequestContext> {
  const context: RequestContext = {
    user: null,
    tokenId: null,
    impersonatorId: null,
    team: null,
    roleId: null,
    permissions: [],
  };
  const token = requestToken(req);
  if (!token) return context;
  // One round trip: the token's user and their membership of the named team (none without a name).
  const slug = requestTeamSlug(req, config);
  const membership = db
    .selectFrom('teams')
    .innerJoin('team_users', 'team_users.team_id', 'teams.id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select([
      'team_users.user_id as member_id',
      'teams.id as team_id',
      'teams.slug as team_slug',
      'teams.title as team_title',
      'roles.id as role_id',
      'roles.permissions as role_permissions',
    ])
    .where('teams.slug', '=', slug ?? '')
    .as('membership');
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .leftJoin(membership, (join) => join.onRef('membership.member_id', '=', 'users.id'))
    .selectAll('users')
    .select(['auth_tokens.id as token_id', 'auth_tokens.impersonator_id'])
    .select(['membership.team_id', 'membership.team_slug', 'membership.team_title'])
    .select(['membership.role_id', 'membership.role_permissions'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return context;
  const { token_id, impersonator_id, team_id, team_slug, team_title, role_id, role_permissions, ...user } =
    row;
  context.user = user;
  context.tokenId = token_id;
  context.impersonatorId = impersonator_id;
  context.permissions = effectivePermissions({ isAdmin: user.is_admin, rolePermissions: null });
  if (team_id === null || team_slug === null || team_title === null || role_id === null) return context;
  context.team = { id: team_id, slug: team_slug, title: team_title };
  context.roleId = role_id;
  context.permissions = effectivePermissions({ isAdmin: user.is_admin, rolePermissions: role_permissions });
  return context;
}
