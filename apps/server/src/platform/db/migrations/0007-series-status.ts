import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A series' status is one of the contract's (SERIES_STATUSES): the column was free text. The conversion's
 * own source moves from `series.data` into its job's payload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE series ADD CONSTRAINT series_status_known
      CHECK (status IN ('skipped', 'uploading', 'uploaded', 'converting', 'generatingNii', 'done', 'error'));
    UPDATE series SET data = data - 'source' WHERE data ? 'source';
    `,
  );
}
