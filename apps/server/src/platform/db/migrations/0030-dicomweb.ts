import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * DICOMweb (docs/decisions/0066-dicomweb.md): an index of the DICOM each converted series keeps, read
 * from the stored files themselves (so an anonymised study is indexed as de-identified), for QIDO-RS
 * matching and WADO-RS lookups; which series are indexed; and each team's anonymisation setting for
 * what arrives by DICOMweb (on unless turned off, as the upload page's default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE teams ADD COLUMN dicom_anonymize boolean NOT NULL DEFAULT true;
    CREATE TABLE dicomweb_indexed_series (
      series_id integer PRIMARY KEY REFERENCES series(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      indexed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE dicomweb_instances (
      id bigserial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      study_id integer NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      file text NOT NULL,
      study_uid text NOT NULL,
      series_uid text NOT NULL,
      sop_uid text NOT NULL,
      sop_class_uid text NOT NULL,
      instance_number integer,
      patient_name text NOT NULL DEFAULT '',
      patient_id text NOT NULL DEFAULT '',
      study_date text NOT NULL DEFAULT '',
      accession_number text NOT NULL DEFAULT '',
      study_description text NOT NULL DEFAULT '',
      modality text NOT NULL DEFAULT '',
      series_number integer,
      attributes jsonb NOT NULL
    );
    CREATE INDEX dicomweb_instances_study ON dicomweb_instances (team_id, study_uid);
    CREATE INDEX dicomweb_instances_series ON dicomweb_instances (team_id, series_uid);
    CREATE INDEX dicomweb_instances_sop ON dicomweb_instances (team_id, sop_uid);
    CREATE INDEX dicomweb_instances_series_id ON dicomweb_instances (series_id)
    `,
  );
}
