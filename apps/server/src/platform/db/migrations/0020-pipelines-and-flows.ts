import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Pipelines and flows (docs/decisions/0055-pipelines-and-flows.md). The seeded global pipelines become the
 * blueprints; a team's own pipelines name, per required acquisition, the AI models to run. A flow is a
 * pipeline run on one study, copied from the pipeline when the study is stored, with a step per required
 * acquisition: the series that filled it and the inferences (`ai_jobs` rows) started on that series.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE pipelines RENAME TO pipeline_blueprints;

    CREATE TABLE team_pipelines (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      code text NOT NULL,
      name text NOT NULL,
      modality_code text NOT NULL REFERENCES modalities(code),
      acquisitions jsonb NOT NULL,
      blueprint_code text,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (team_id, code)
    );

    CREATE TABLE flows (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      study_id integer NOT NULL UNIQUE REFERENCES studies(id) ON DELETE CASCADE,
      pipeline_id integer REFERENCES team_pipelines(id) ON DELETE SET NULL,
      pipeline_code text NOT NULL,
      pipeline_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX flows_team ON flows (team_id, created_at DESC);

    CREATE TABLE flow_steps (
      id serial PRIMARY KEY,
      flow_id integer NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
      position integer NOT NULL,
      acquisition_code text NOT NULL,
      model_codes jsonb NOT NULL,
      series_id integer REFERENCES series(id) ON DELETE SET NULL,
      inferences jsonb NOT NULL DEFAULT '[]',
      UNIQUE (flow_id, position)
    )
    `,
  );
}
