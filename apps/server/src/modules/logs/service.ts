import type { UserContext } from '../../http/context';
import type { Db } from '../../platform/db';

/**
 * Stores one route change or click of the signed-in user with the sign-in it came from (the session of
 * the request's token): a single insert, nothing read back.
 */
export async function recordActivity(
  db: Db,
  ctx: Pick<UserContext, 'user' | 'team' | 'tokenId'>,
  entry: { app: string; type: string; path: string; data?: string },
): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values({
      user_id: ctx.user.id,
      team_id: ctx.team?.id ?? null,
      app: entry.app,
      type: entry.type,
      path: entry.path,
      data: entry.data ?? null,
      session_id: db.selectFrom('auth_tokens').select('session_id').where('id', '=', ctx.tokenId),
    })
    .execute();
}
