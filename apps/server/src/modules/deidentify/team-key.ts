import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db';

/**
 * The team's de-identification key, made on first use. Two first uses at once may both insert; the
 * primary key keeps one and both read it back, so every replacement of a team comes from the same key.
 */
export async function teamKey(db: Db, teamId: number): Promise<Buffer> {
  const existing = await readKey(db, teamId);
  if (existing) return existing;
  await db
    .insertInto('team_keys')
    .values({ team_id: teamId, deid_key: randomBytes(32) })
    .onConflict((c) => c.column('team_id').doNothing())
    .execute();
  const made = await readKey(db, teamId);
  if (!made) throw new Error(`No de-identification key for team ${teamId}`);
  return made;
}

async function readKey(db: Db, teamId: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('team_keys')
    .select('deid_key')
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row ? Buffer.from(row.deid_key) : null;
}
