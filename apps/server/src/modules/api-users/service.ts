import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenBody,
  type ApiUser,
  type ApiUserBody,
  type ApiUserDetail,
} from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/secrets';
import { expiryRefusal, SHOWN_PREFIX_LENGTH } from './policy';
import { presentApiUser, presentToken } from './present';

const teamApiUsers = (db: Db, teamId: number) =>
  db
    .selectFrom('api_users')
    .innerJoin('roles', 'roles.id', 'api_users.role_id')
    .selectAll('api_users')
    .select('roles.name as role_name')
    .where('api_users.team_id', '=', teamId);

const tokensOf = (db: Db, apiUserIds: number[]) =>
  apiUserIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('api_tokens')
        .selectAll()
        .where('api_user_id', 'in', apiUserIds)
        .orderBy('id', 'desc')
        .execute();

/** The team's API users, newest first. */
export async function listApiUsers(db: Db, teamId: number): Promise<ApiUser[]> {
  const rows = await teamApiUsers(db, teamId).orderBy('api_users.id', 'desc').execute();
  const tokens = await tokensOf(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((r) =>
    presentApiUser(
      r,
      tokens.filter((t) => t.api_user_id === r.id),
      now,
    ),
  );
}

export async function apiUserDetail(db: Db, teamId: number, apiUserId: number): Promise<ApiUserDetail> {
  const row = await teamApiUsers(db, teamId).where('api_users.id', '=', apiUserId).executeTakeFirst();
  if (!row) throw notFound('API user not found.');
  const tokens = await tokensOf(db, [row.id]);
  const now = new Date();
  return { ...presentApiUser(row, tokens, now), tokens: tokens.map((t) => presentToken(t, now)) };
}

/** The team's roles, by name: any may be an API user's (none holds admin: roles cannot grant it). */
export async function roleChoices(db: Db, teamId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('team_id', '=', teamId)
    .orderBy('name')
    .execute();
}

/**
 * A new API user with one of the team's roles. Its backing users row has no usable password (no scrypt
 * hash matches it) and an address under .invalid that no one can receive mail at or sign in with.
 */
export async function createApiUser(db: Db, ctx: TeamContext, body: ApiUserBody): Promise<ApiUser> {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('id', '=', body.role_id)
    .where('team_id', '=', ctx.team.id)
    .executeTakeFirst();
  // Another team's role is as unknown here as a role that does not exist.
  if (!role) throw notFound('Role not found.');
  const row = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        name: body.name,
        email: `api-user-${newToken().toLowerCase()}@api-users.invalid`,
        password_hash: '!',
        data: JSON.stringify({ color: '#868e96' }),
        email_verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return trx
      .insertInto('api_users')
      .values({
        team_id: ctx.team.id,
        user_id: user.id,
        name: body.name,
        role_id: role.id,
        created_by: ctx.user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentApiUser({ ...row, role_name: role.name }, [], new Date());
}

/** Deletes the API user and its tokens; its backing users row stays, so what it did stays attributed. */
export async function removeApiUser(db: Db, teamId: number, apiUserId: number): Promise<void> {
  const gone = await db
    .deleteFrom('api_users')
    .where('id', '=', apiUserId)
    .where('team_id', '=', teamId)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw notFound('API user not found.');
}

/** A new token of the team's API user: the secret is answered this once, only its hash is kept. */
export async function createToken(
  db: Db,
  ctx: TeamContext,
  apiUserId: number,
  body: ApiTokenBody,
): Promise<{ token: ApiToken; secret: string }> {
  const owner = await db
    .selectFrom('api_users')
    .select('id')
    .where('id', '=', apiUserId)
    .where('team_id', '=', ctx.team.id)
    .executeTakeFirst();
  if (!owner) throw notFound('API user not found.');
  const now = new Date();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  const refusal = expiryRefusal(expiresAt, now);
  if (refusal) throw unprocessable(refusal, { expires_at: [refusal] });
  const secret = `${API_TOKEN_PREFIX}${newToken()}`;
  const row = await db
    .insertInto('api_tokens')
    .values({
      api_user_id: owner.id,
      name: body.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      token_hash: hashToken(secret),
      expires_at: expiresAt,
      created_by: ctx.user.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token: presentToken(row, now), secret };
}

/** Revokes a token of the team's API user; revoking one already revoked changes nothing. */
export async function revokeToken(db: Db, teamId: number, apiUserId: number, tokenId: number): Promise<void> {
  const token = await db
    .selectFrom('api_tokens')
    .innerJoin('api_users', 'api_users.id', 'api_tokens.api_user_id')
    .select(['api_tokens.id', 'api_tokens.revoked_at'])
    .where('api_tokens.id', '=', tokenId)
    .where('api_users.id', '=', apiUserId)
    .where('api_users.team_id', '=', teamId)
    .executeTakeFirst();
  if (!token) throw notFound('Token not found.');
  if (token.revoked_at) return;
  await db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('id', '=', token.id).execute();
}
