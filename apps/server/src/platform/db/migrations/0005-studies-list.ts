import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Indexes of the studies list (GET /studies-v2, docs/decisions/0019): a page is read in index order, newest
 * first, for the team, for one upload batch of the team, or for one label; series by study in their order.
 * A team's study count is kept in `team_study_counts` by statement triggers, so a page does not count a
 * large team's studies again on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX studies_team_list ON studies (team_id, created_at DESC, id DESC);
    DROP INDEX studies_team_created;
    CREATE INDEX studies_team_upload_list ON studies (team_id, upload_id, created_at DESC, id DESC);
    CREATE INDEX study_labels_label_study ON study_labels (label_id, team_id, study_id);
    DROP INDEX study_labels_label;
    CREATE INDEX series_study_order ON series (study_id, acquisition_code, sort, id);
    DROP INDEX series_study;
    CREATE INDEX series_team_upload ON series (team_id, upload_id);
    CREATE INDEX upload_sessions_team_list ON upload_sessions (team_id, created_at DESC, id DESC);

    CREATE TABLE team_study_counts (
      team_id integer PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
      studies bigint NOT NULL DEFAULT 0
    );
    INSERT INTO team_study_counts (team_id, studies) SELECT team_id, count(*) FROM studies GROUP BY team_id;
    `,
  );
  // One statement with semicolons inside: not for runStatements.
  await sql
    .raw(
      `CREATE FUNCTION count_team_studies() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO team_study_counts AS c (team_id, studies)
            SELECT team_id, count(*) FROM new_rows GROUP BY team_id
            ON CONFLICT (team_id) DO UPDATE SET studies = c.studies + EXCLUDED.studies;
        ELSE
          UPDATE team_study_counts AS c SET studies = c.studies - d.n
            FROM (SELECT team_id, count(*) AS n FROM old_rows GROUP BY team_id) AS d
            WHERE c.team_id = d.team_id;
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  // A study never changes team, so inserts and deletes are all there is to count.
  await runStatements(
    db,
    `
    CREATE TRIGGER studies_count_insert AFTER INSERT ON studies REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_team_studies();
    CREATE TRIGGER studies_count_delete AFTER DELETE ON studies REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_team_studies();
    `,
  );
}
