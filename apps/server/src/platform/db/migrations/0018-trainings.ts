import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Trainings (docs/decisions/0052-trainings.md): a training is an `ai_jobs` row of kind 'training' on the
 * one queue, with no series of its own (its set is many segmentations, kept in `ai_trainings` with the
 * per-epoch metrics). A worker says which kinds it runs; every existing one runs inference only. A stopped
 * training is a cancelled job (shown 'stopped').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE ai_jobs ADD COLUMN kind text NOT NULL DEFAULT 'inference'
      CHECK (kind IN ('inference', 'training'));
    ALTER TABLE ai_jobs ALTER COLUMN series_id DROP NOT NULL;
    ALTER TABLE ai_jobs ADD CONSTRAINT ai_jobs_inference_series CHECK (kind = 'training' OR series_id IS NOT NULL);
    ALTER TABLE ai_workers ADD COLUMN kinds jsonb NOT NULL DEFAULT '["inference"]';

    CREATE TABLE ai_trainings (
      job_id integer PRIMARY KEY REFERENCES ai_jobs(id) ON DELETE CASCADE,
      segmentation_ids jsonb NOT NULL,
      metrics jsonb NOT NULL DEFAULT '[]',
      derived_model_id integer REFERENCES ai_models(id) ON DELETE SET NULL
    )
    `,
  );
}
