import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The DICOM C-STORE SCP (docs/decisions/0068): the calling AE titles a team takes stores from; a team
 * without any takes them from every caller.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE dimse_calling_aes (
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      ae_title text NOT NULL,
      PRIMARY KEY (team_id, ae_title)
    )
    `,
  );
}
