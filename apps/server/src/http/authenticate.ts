import {
  API_TOKEN_PREFIX,
  teamSlugFromHost,
  AUTH_COOKIE,
  WORKER_TOKEN_PREFIX,
  XR_WORKER_TOKEN_PREFIX,
} from '@voxa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { hashToken } from '../platform/secrets';
import { authenticateApiToken } from '../modules/api-users/authenticate';
import { effectivePermissions } from '../modules/permissions/policy';
import type { RequestContext } from './context';
import { refuseCrossSite } from './cross-site';

/**
 * The token of a request: the Authorization header (Bearer, or HTTP Basic whose password is an API token,
 * as DICOMweb clients send it), else the auth cookie.
 */
export function requestToken(req: FastifyRequest): { token: string; byCookie: boolean } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, byCookie: false } : null;
  }
  if (header?.startsWith('Basic ')) {
    const token = basicPassword(header.slice(6).trim());
    return token?.startsWith(API_TOKEN_PREFIX) ? { token, byCookie: false } : null;
  }
  const cookie = req.cookies?.[AUTH_COOKIE];
  return cookie ? { token: cookie, byCookie: true } : null;
}

/** The password of HTTP Basic credentials (`user:password` in base64); the user name is not needed. */
function basicPassword(encoded: string): string | null {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
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
    worker: null,
    xrWorker: null,
    apiUserId: null,
  };
  const presented = requestToken(req);
  if (!presented) return context;
  refuseCrossSite(req, presented.byCookie);
  if (presented.token.startsWith(WORKER_TOKEN_PREFIX)) {
    // A worker's token is never a browser's: only the Authorization header carries it.
    if (!presented.byCookie) context.worker = await findWorker(db, presented.token);
    return context;
  }
  if (presented.token.startsWith(XR_WORKER_TOKEN_PREFIX)) {
    if (!presented.byCookie) context.xrWorker = await findXrWorker(db, presented.token);
    return context;
  }
  const slug = requestTeamSlug(req, config);
  if (presented.token.startsWith(API_TOKEN_PREFIX)) {
    // Like a worker's, an API token is never a browser's.
    if (!presented.byCookie) await authenticateApiToken(db, presented.token, slug, context);
    return context;
  }
  // One round trip: the token's user and, when a team is named, their membership in it (left joined).
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    // Slugs are never empty, so without a team named the join finds none.
    .leftJoin('teams', (join) => join.on('teams.slug', '=', slug ?? ''))
    .leftJoin('team_users', (join) =>
      join.onRef('team_users.team_id', '=', 'teams.id').onRef('team_users.user_id', '=', 'users.id'),
    )
    .leftJoin('roles', 'roles.id', 'team_users.role_id')
    .selectAll('users')
    .select([
      'auth_tokens.id as token_id',
      'auth_tokens.impersonator_id',
      'teams.id as team_id',
      'teams.slug as team_slug',
      'teams.title as team_title',
      'roles.id as role_id',
      'roles.permissions as role_permissions',
    ])
    .where('auth_tokens.token_hash', '=', hashToken(presented.token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return context;
  const { token_id, impersonator_id, team_id, team_slug, team_title, role_id, role_permissions, ...user } =
    row;
  context.user = user;
  context.tokenId = token_id;
  context.impersonatorId = impersonator_id;

  const member = team_id !== null && team_slug !== null && team_title !== null && role_id !== null;
  context.permissions = effectivePermissions({
    isAdmin: user.is_admin,
    rolePermissions: member ? role_permissions : null,
  });
  if (!member) return context;
  context.team = { id: team_id, slug: team_slug, title: team_title };
  context.roleId = role_id;
  return context;
}

async function findWorker(db: Db, token: string) {
  const row = await db
    .selectFrom('ai_workers')
    .select(['id', 'team_id'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, teamId: row.team_id } : null;
}

async function findXrWorker(db: Db, token: string) {
  const row = await db
    .selectFrom('xr_workers')
    .select(['id', 'team_id'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, teamId: row.team_id } : null;
}
