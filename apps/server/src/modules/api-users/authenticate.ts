import type { RequestContext } from '../../http/context';
import type { Db } from '../../platform/db';
import { hashToken } from '../../platform/secrets';
import { effectivePermissions } from '../permissions/policy';
import { lastUseIsStale, tokenState } from './policy';

/**
 * Fills `context` for an API token that works (neither revoked nor expired): its API user's backing row,
 * and, when the request names the API user's own team, that team with the role's permissions. Another
 * team, or none, leaves the team out, so team endpoints answer 404 as for any outsider.
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  slug: string | null,
  context: RequestContext,
): Promise<void> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('api_users', 'api_users.id', 'api_tokens.api_user_id')
    .innerJoin('users', 'users.id', 'api_users.user_id')
    .innerJoin('teams', 'teams.id', 'api_users.team_id')
    .innerJoin('roles', 'roles.id', 'api_users.role_id')
    .selectAll('users')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'api_users.id as api_user_id',
      'teams.id as team_id',
      'teams.slug as team_slug',
      'teams.title as team_title',
      'roles.id as role_id',
      'roles.permissions as role_permissions',
    ])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const now = new Date();
  if (!row || tokenState(row, now) !== 'active') return;
  const {
    token_id,
    expires_at: _expires,
    revoked_at: _revoked,
    last_used_at,
    api_user_id,
    team_id,
    team_slug,
    team_title,
    role_id,
    role_permissions,
    ...user
  } = row;
  if (lastUseIsStale(last_used_at, now))
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', token_id).execute();
  // The backing row is never an administrator; said again here so no edit of it could make one.
  context.user = { ...user, is_admin: false };
  context.apiUserId = api_user_id;
  if (slug !== team_slug) {
    context.permissions = [];
    return;
  }
  context.team = { id: team_id, slug: team_slug, title: team_title };
  context.roleId = role_id;
  context.permissions = effectivePermissions({ isAdmin: false, rolePermissions: role_permissions });
}
