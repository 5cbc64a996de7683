import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The declared bytes of a session's files, kept on the session row as files are registered: the
 * session limit (UPLOAD_MAX_SESSION_BYTES) is checked and reserved in the statement that registers a file,
 * without summing the session's files each time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE upload_sessions ADD COLUMN declared_bytes bigint NOT NULL DEFAULT 0;
    UPDATE upload_sessions s SET declared_bytes = f.total
      FROM (SELECT session_id, sum(size) AS total FROM upload_files GROUP BY session_id) f
      WHERE f.session_id = s.id;
    `,
  );
}
