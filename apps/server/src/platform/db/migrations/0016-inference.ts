import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Inference (docs/decisions/0047-inference.md): an inference is an `ai_jobs` row. It is made 'created'
 * and queued by its start (the lease takes only 'queued'); automatic ones come after a conversion, at most
 * one per series and model code; a batch groups the inferences of one model over many studies. A team's
 * defaults per model (n, mp) and whether the model runs after conversion live in `ai_model_settings`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE ai_jobs DROP CONSTRAINT ai_jobs_state_check;
    ALTER TABLE ai_jobs ADD CONSTRAINT ai_jobs_state_check
      CHECK (state IN ('created', 'queued', 'running', 'done', 'failed', 'cancelled'));

    CREATE TABLE ai_inference_batches (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      model_id integer REFERENCES ai_models(id) ON DELETE SET NULL,
      model_code text NOT NULL,
      label_id integer REFERENCES labels(id) ON DELETE SET NULL,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      skipped jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX ai_inference_batches_team ON ai_inference_batches (team_id, created_at DESC, id DESC);

    ALTER TABLE ai_jobs ADD COLUMN automatic boolean NOT NULL DEFAULT false;
    ALTER TABLE ai_jobs ADD COLUMN batch_id integer REFERENCES ai_inference_batches(id) ON DELETE SET NULL;
    CREATE INDEX ai_jobs_team_created ON ai_jobs (team_id, created_at DESC, id DESC);
    CREATE INDEX ai_jobs_batch ON ai_jobs (batch_id) WHERE batch_id IS NOT NULL;
    CREATE UNIQUE INDEX ai_jobs_automatic ON ai_jobs (series_id, model_code) WHERE automatic;

    CREATE TABLE ai_model_settings (
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      model_id integer NOT NULL REFERENCES ai_models(id) ON DELETE CASCADE,
      n integer CHECK (n BETWEEN 1 AND 100),
      mp jsonb NOT NULL DEFAULT '{}',
      automatic boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, model_id)
    )
    `,
  );
}
