import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The Query/Retrieve SCP's C-MOVE destinations (docs/decisions/0090): the AE titles a team's studies may
 * be sent to, each with the host and port it listens on; a C-MOVE to any other is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE dimse_move_destinations (
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      ae_title text NOT NULL,
      host text NOT NULL,
      port integer NOT NULL,
      PRIMARY KEY (team_id, ae_title)
    )
    `,
  );
}
