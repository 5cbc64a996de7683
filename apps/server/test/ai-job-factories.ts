import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

/**
 * A queued AI job made directly in the database, as a started inference is (inference/service.ts): a
 * model (built-in unless one is given), the structure and segments its result takes, for a series of the
 * team.
 */
export async function buildJob(
  t: TestApp,
  job: {
    teamId: number;
    seriesId: number;
    createdBy: number;
    structureId: number;
    segments: { title: string; value: number }[];
    modelCode?: string;
    /** A model of the registry (a team's); a built-in one by `modelCode` otherwise. */
    model?: { id: number; code: string };
    maxAttempts?: number;
  },
) {
  const code = job.model?.code ?? job.modelCode ?? 'total';
  const model =
    job.model ??
    (await t.db
      .selectFrom('ai_models')
      .select('id')
      .where('code', '=', code)
      .where('team_id', 'is', null)
      .executeTakeFirstOrThrow());
  return t.db
    .insertInto('ai_jobs')
    .values({
      team_id: job.teamId,
      series_id: job.seriesId,
      model_id: model.id,
      model_code: code,
      structure_id: job.structureId,
      segments: JSON.stringify(job.segments),
      trace_id: randomUUID(),
      created_by: job.createdBy,
      ...(job.maxAttempts !== undefined && { max_attempts: job.maxAttempts }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
