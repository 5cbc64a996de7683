import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * QIDO-RS at 100,000 studies (docs/decisions/0066-dicomweb.md, revised for speed).
 *
 * Which converted series are not indexed yet is a flag on the series with a partial index, so the check
 * each read makes is an index probe over the few pending series, not an anti-join over all of the team's
 * (the claim table it replaces is dropped, its rows carried over).
 *
 * One row per team and StudyInstanceUID with what a study-level search matches and answers, kept by
 * statement triggers on `dicomweb_instances` (as `team_study_counts` is kept on `studies`, migration
 * 0005), so every writer (indexing, deletes by cascade, the bench's bulk seed) keeps it right. The
 * attributes are those of the study's first stored instance, as the answer's were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE series ADD COLUMN dicomweb_indexed boolean NOT NULL DEFAULT false;
    UPDATE series SET dicomweb_indexed = true WHERE id IN (SELECT series_id FROM dicomweb_indexed_series);
    DROP TABLE dicomweb_indexed_series;
    CREATE INDEX series_dicomweb_unindexed ON series (team_id) WHERE status = 'done' AND NOT dicomweb_indexed;
    CREATE TABLE dicomweb_studies (
      team_id integer NOT NULL,
      study_uid text NOT NULL,
      first_instance bigint NOT NULL,
      instances integer NOT NULL,
      series integer NOT NULL,
      modalities text[] NOT NULL,
      patient_name text NOT NULL,
      patient_id text NOT NULL,
      study_date text NOT NULL,
      accession_number text NOT NULL,
      study_description text NOT NULL,
      PRIMARY KEY (team_id, study_uid)
    );
    CREATE INDEX dicomweb_studies_order ON dicomweb_studies (team_id, first_instance);
    CREATE INDEX dicomweb_studies_name ON dicomweb_studies (team_id, lower(patient_name) text_pattern_ops);
    CREATE INDEX dicomweb_studies_date ON dicomweb_studies (team_id, study_date);
    CREATE INDEX dicomweb_studies_patient_id ON dicomweb_studies (team_id, patient_id);
    CREATE INDEX dicomweb_studies_accession ON dicomweb_studies (team_id, accession_number);
    CREATE FUNCTION dicomweb_study_row(p_team integer, p_study text) RETURNS SETOF dicomweb_studies
    LANGUAGE sql STABLE AS $$
      SELECT p_team, p_study, a.first_instance, a.instances, a.series, a.modalities,
        f.patient_name, f.patient_id, f.study_date, f.accession_number, f.study_description
      FROM (
        SELECT min(id) AS first_instance, count(*)::integer AS instances,
          count(DISTINCT series_uid)::integer AS series,
          coalesce(array_agg(DISTINCT modality ORDER BY modality) FILTER (WHERE modality <> ''), '{}') AS modalities
        FROM dicomweb_instances WHERE team_id = p_team AND study_uid = p_study
      ) a JOIN dicomweb_instances f ON f.id = a.first_instance
    $$;
    INSERT INTO dicomweb_studies SELECT r.* FROM (SELECT DISTINCT team_id, study_uid FROM dicomweb_instances) k,
      dicomweb_study_row(k.team_id, k.study_uid) r
    `,
  );
  // One statement with semicolons inside: not for runStatements. The changed rows are named alike by both
  // triggers; their studies are recomputed from what remains (none left: the row goes), one study at a
  // time through the (team_id, study_uid) index (a semi-join on a grouped view aggregated every instance).
  await sql
    .raw(
      `CREATE FUNCTION dicomweb_refresh_studies() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM dicomweb_studies s USING (SELECT DISTINCT team_id, study_uid FROM changed) c
          WHERE s.team_id = c.team_id AND s.study_uid = c.study_uid;
        INSERT INTO dicomweb_studies SELECT r.* FROM (SELECT DISTINCT team_id, study_uid FROM changed) k,
          dicomweb_study_row(k.team_id, k.study_uid) r;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER dicomweb_studies_insert AFTER INSERT ON dicomweb_instances
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION dicomweb_refresh_studies();
    CREATE TRIGGER dicomweb_studies_delete AFTER DELETE ON dicomweb_instances
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION dicomweb_refresh_studies()
    `,
  );
}
