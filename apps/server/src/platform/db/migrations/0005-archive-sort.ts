import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Where the sort of a session's archives stands (modules/archives): a column, so that claiming the sort
 * is one guarded UPDATE and two requests at once queue one job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE upload_sessions
      ADD COLUMN sort_status text NOT NULL DEFAULT 'none'
        CHECK (sort_status IN ('none', 'sorting', 'sorted', 'error')),
      ADD COLUMN sort_attempt integer NOT NULL DEFAULT 0,
      ADD COLUMN sort_error text;
    `,
  );
}
