import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** One secret key per team for its pseudonyms and remapped UIDs (modules/deidentify). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE team_keys (
      team_id integer PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
      deid_key bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
