import { randomBytes } from 'node:crypto';
import type { Db } from './db';
import { deriveKey } from './secrets';

/** Keys the server derives from its secret, one per purpose. */
export interface ServerKeys {
  /** Keys the hash of original StudyInstanceUIDs (docs/decisions/0010-reference-data-and-labels.md). */
  studyUid: Buffer;
}

const GENERATED_SECRET = 'app_secret';

/**
 * The configured APP_SECRET, else one generated on first start and kept in the database, so every
 * process on the same database derives the same keys without any set-up.
 */
export async function loadServerKeys(db: Db, configured: string | undefined): Promise<ServerKeys> {
  const secret = configured ?? (await storedSecret(db));
  return { studyUid: deriveKey(secret, 'study-uid') };
}

async function storedSecret(db: Db): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name: GENERATED_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', GENERATED_SECRET)
    .executeTakeFirstOrThrow();
  return row.value;
}
