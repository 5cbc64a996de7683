import { teamSlugFromHost, AUTH_COOKIE } from '@voxa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { hashToken } from '../platform/secrets';
import { effectivePermissions } from '../modules/permissions/policy';
import type { RequestContext } from './context';
import { refuseCrossSite } from './cross-site';

/** The bearer token of a request: the Authorization header, else the auth cookie. */
export function requestToken(req: FastifyRequest): { token: string; byCookie: boolean } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, byCookie: false } : null;
  }
  const cookie = req.cookies?.[AUTH_COOKIE];
  return cookie ? { token: cookie, byCookie: true } : null;
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
  const presented = requestToken(req);
  if (!presented) return context;
  refuseCrossSite(req, presented.byCookie);
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .selectAll('users')
    .select(['auth_tokens.id as token_id', 'auth_tokens.impersonator_id'])
    .where('auth_tokens.token_hash', '=', hashToken(presented.token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return context;
  const { token_id, impersonator_id, ...user } = row;
  context.user = user;
  context.tokenId = token_id;
  context.impersonatorId = impersonator_id;

  const slug = requestTeamSlug(req, config);
  context.permissions = effectivePermissions({ isAdmin: user.is_admin, rolePermissions: null });
  if (!slug) return context;
  const membership = await db
    .selectFrom('teams')
    .innerJoin('team_users', 'team_users.team_id', 'teams.id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select(['teams.id', 'teams.slug', 'teams.title', 'roles.id as role_id', 'roles.permissions'])
    .where('teams.slug', '=', slug)
    .where('team_users.user_id', '=', user.id)
    .executeTakeFirst();
  if (!membership) return context;
  context.team = { id: membership.id, slug: membership.slug, title: membership.title };
  context.roleId = membership.role_id;
  context.permissions = effectivePermissions({
    isAdmin: user.is_admin,
    rolePermissions: membership.permissions,
  });
  return context;
}
