import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** The built-in TotalSegmentator models (0014) and what their descriptions now say plainly. */
const BUILT_IN = [
  { code: 'total', task: 'total', spacing: 1.5 },
  { code: 'total6mm', task: 'total', spacing: 6 },
  { code: 'total-mr', task: 'total_mr', spacing: 1.5 },
  { code: 'total-mr6mm', task: 'total_mr', spacing: 6 },
] as const;

/**
 * Automatic inference only where a worker serves the model
 * (docs/decisions/0094-automatic-inference-needs-a-worker.md). A series converted while a model it would
 * have been run with had no online worker is recorded against that model, instead of a job that waits
 * forever; the team's switch per model stays `ai_model_settings.automatic` (0016). The built-in
 * TotalSegmentator entries say that they need a worker with the weights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ai_needs_worker (
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      model_code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (series_id, model_code)
    );
    CREATE INDEX ai_needs_worker_team ON ai_needs_worker (team_id, created_at DESC)
    `,
  );
  for (const m of BUILT_IN) {
    const description =
      `TotalSegmentator's ${m.task} task at ${m.spacing} mm` +
      `${m.spacing === 6 ? ' (its fast, low-resolution variant)' : ''}. ` +
      'Needs a worker with TotalSegmentator’s weights: Voxa ships no weights and its built-in CPU worker ' +
      'does not run it. Until a worker serves this code, series are marked “needs a worker” instead of ' +
      'queuing an inference (docs/ai-workers.md, “Models that need a worker”).';
    await sql`UPDATE ai_models SET description = ${description}, updated_at = now()
      WHERE team_id IS NULL AND code = ${m.code}`.execute(db);
  }
}
