import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Indexes of the studies list (GET /studies-v2, docs/decisions/0019): a page is read in index order, newest
 * first, for the team, for one upload batch of the team, or for one label; series by study in their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX studies_team_list ON studies (team_id, created_at DESC, id DESC);
    DROP INDEX studies_team_created;
    CREATE INDEX studies_team_upload_list ON studies (team_id, upload_id, created_at DESC, id DESC);
    CREATE INDEX study_labels_label_study ON study_labels (label_id, study_id);
    DROP INDEX study_labels_label;
    CREATE INDEX series_study_order ON series (study_id, acquisition_code, sort, id);
    DROP INDEX series_study;
    CREATE INDEX series_team_upload ON series (team_id, upload_id);
    CREATE INDEX upload_sessions_team_list ON upload_sessions (team_id, created_at DESC, id DESC);
    `,
  );
}
