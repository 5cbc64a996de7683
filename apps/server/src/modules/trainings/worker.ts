import type { LeasedJob, NotificationType } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { WorkerRef } from '../../http/context';
import type { AiJobsTable } from '../../platform/db/schema';
import { isHeld, leaseEnd, teamJob } from '../ai-workers/protocol';
import { logTail } from '../ai-workers/policy';
import { notify } from '../notifications/notify';
import { trainingProgress, withEpoch } from './policy';

type Job = Selectable<AiJobsTable>;

/** A training's author hears of it (its id is the job's), with a link to its page. */
export async function trainingNotice(
  deps: Pick<Deps, 'db' | 'realtime'>,
  job: Job,
  typeCode: NotificationType,
  description: string | null = null,
): Promise<void> {
  if (job.created_by === null) return;
  await notify(deps, {
    teamId: job.team_id,
    userId: job.created_by,
    typeCode,
    model1Id: job.id,
    section: 'ai',
    url: `/ai2-trainings/detail/${job.id}`,
    description,
  });
}

/**
 * What a worker gets with a training beyond the job itself: its set of segmentations. Reading their images
 * and masks over the protocol comes with the training loop (issue 16 item 1, second part). The author hears
 * the training began.
 */
export async function trainingLeased(
  deps: Pick<Deps, 'db' | 'realtime'>,
  job: Job,
): Promise<Pick<LeasedJob, 'inputs' | 'kind' | 'training'>> {
  const row = await deps.db
    .selectFrom('ai_trainings')
    .select('segmentation_ids')
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  await trainingNotice(deps, job, 'aitrain.train.begin');
  return { inputs: [], kind: 'training', training: { segmentation_ids: row.segmentation_ids } };
}

/**
 * One epoch of a training the worker holds: kept on its curves, progress in epochs, the lease renewed.
 * A training no longer its own (stopped, ended, leased again) answers stop, as progress does.
 */
export async function reportEpoch(
  deps: Pick<Deps, 'db'>,
  worker: WorkerRef,
  jobId: number,
  body: { epoch: number; loss: number; val_dice: number; log?: string | undefined },
): Promise<{ stop: boolean }> {
  const { db } = deps;
  const job = await teamJob(db, worker, jobId);
  if (job.kind !== 'training' || !isHeld(job, worker)) return { stop: true };
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('ai_trainings')
      .select('metrics')
      .where('job_id', '=', job.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const metrics = withEpoch(row.metrics, {
      epoch: body.epoch,
      loss: body.loss,
      val_dice: body.val_dice,
      at: now.toISOString(),
    });
    const epochs = job.parameters.epochs;
    const held = await trx
      .updateTable('ai_jobs')
      .set({
        progress: trainingProgress(metrics.length, typeof epochs === 'number' ? epochs : undefined),
        log_tail: logTail(job.log_tail, body.log),
        lease_expires_at: leaseEnd(now),
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('worker_id', '=', worker.id)
      .where('state', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    if (!held) return { stop: true };
    await trx
      .updateTable('ai_trainings')
      .set({ metrics: JSON.stringify(metrics) })
      .where('job_id', '=', job.id)
      .execute();
    await trx.updateTable('ai_workers').set({ last_seen_at: now }).where('id', '=', worker.id).execute();
    return { stop: false };
  });
}
