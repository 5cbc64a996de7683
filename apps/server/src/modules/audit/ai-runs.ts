import type { Db } from '../../platform/db';
import type { AuditEntry } from './record';

/** One `ai-run` entry per inference of a batch, each with the study it runs on. */
export async function batchRuns(
  db: Db,
  teamId: number,
  batch: { id: number; model: { id: number | null } },
): Promise<AuditEntry[]> {
  const jobs = await db
    .selectFrom('ai_jobs')
    .innerJoin('series', 'series.id', 'ai_jobs.series_id')
    .select(['ai_jobs.id', 'series.study_id', 'series.uuid'])
    .where('ai_jobs.batch_id', '=', batch.id)
    .where('ai_jobs.team_id', '=', teamId)
    .execute();
  return jobs.map((job) => ({
    action: 'ai-run',
    subject: 'inference',
    id: job.id,
    study: job.study_id,
    data: { batch: batch.id, model: batch.model.id, series: job.uuid },
  }));
}

/** One `ai-run` entry per segmentation a training reads, each with its study. */
export async function trainingRuns(db: Db, teamId: number, trainingId: number): Promise<AuditEntry[]> {
  const training = await db
    .selectFrom('ai_trainings')
    .innerJoin('ai_jobs', 'ai_jobs.id', 'ai_trainings.job_id')
    .select('ai_trainings.segmentation_ids')
    .where('ai_jobs.id', '=', trainingId)
    .where('ai_jobs.team_id', '=', teamId)
    .executeTakeFirst();
  const ids = training?.segmentation_ids ?? [];
  const segmentations = ids.length
    ? await db
        .selectFrom('segmentations')
        .select(['id', 'study_id'])
        .where('id', 'in', ids)
        .where('team_id', '=', teamId)
        .execute()
    : [];
  if (segmentations.length === 0) return [{ action: 'ai-run', subject: 'training', id: trainingId }];
  return segmentations.map((s) => ({
    action: 'ai-run',
    subject: 'training',
    id: trainingId,
    study: s.study_id,
    data: { segmentation: s.id },
  }));
}
