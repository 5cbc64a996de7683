import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Research dataset exports (docs/decisions/0063-dataset-exports.md): an administrator's nnU-Net export of
 * one team's segmentations of one structure. The zip lives at datasetExportKey(team, id); the row keeps
 * what was asked for, the job's state and its progress in cases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE dataset_exports (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      structure_id integer NOT NULL REFERENCES structures(id) ON DELETE CASCADE,
      segmentation_ids jsonb NOT NULL,
      dataset_id integer NOT NULL CHECK (dataset_id BETWEEN 1 AND 999),
      name text NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
      cases_total integer NOT NULL,
      cases_done integer NOT NULL DEFAULT 0,
      size bigint,
      error text,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX dataset_exports_team ON dataset_exports (team_id)
    `,
  );
}
