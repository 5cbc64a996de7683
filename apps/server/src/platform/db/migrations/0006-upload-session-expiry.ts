import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Abandoned upload sessions expire (modules/upload/expiry.ts): `touched_at` is the last call naming the
 * session, `expired_at` when its raw files were removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE upload_sessions
      ADD COLUMN touched_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN expired_at timestamptz;
    CREATE INDEX upload_sessions_live_touched ON upload_sessions (touched_at) WHERE expired_at IS NULL;
    `,
  );
}
