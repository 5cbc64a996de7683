import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { OneTimePurpose } from '../../platform/db/schema';
import { hashToken, newToken } from '../../platform/secrets';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issues an auth token; only its hash is stored. A new sign-in starts a new session. */
export async function issueToken(
  db: Db,
  userId: number,
  opts: { ttlDays: number; sessionId?: string; impersonatorId?: number | null; expiresAt?: Date },
): Promise<{ token: string; id: number }> {
  const token = newToken();
  const row = await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      session_id: opts.sessionId ?? randomUUID(),
      impersonator_id: opts.impersonatorId ?? null,
      expires_at: opts.expiresAt ?? new Date(Date.now() + opts.ttlDays * DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/** Revokes every token of the session the given token belongs to (all its team sub-domains). */
export async function revokeSession(db: Db, tokenId: number): Promise<void> {
  const token = await db
    .selectFrom('auth_tokens')
    .select('session_id')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (!token) return;
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('session_id', '=', token.session_id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllTokensOf(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A single-use secret for e-mail links and sub-domain handoff; only its hash is stored. */
export async function issueOneTime(
  db: Db,
  userId: number,
  purpose: OneTimePurpose,
  ttlMs: number,
  authTokenId: number | null = null,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      auth_token_id: authTokenId,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

/** Marks a one-time secret used, atomically; null when unknown, used, expired or of another purpose. */
export async function consumeOneTime(db: Db, purpose: OneTimePurpose, token: string) {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'auth_token_id'])
    .executeTakeFirst();
}
