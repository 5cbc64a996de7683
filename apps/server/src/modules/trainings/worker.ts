import type { LeasedJob, NotificationType } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { WorkerRef } from '../../http/context';
import type { AiJobsTable } from '../../platform/db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { StorageKey } from '../../platform/storage';
import { maskKey } from '../../platform/storage/layout';
import { isHeld, leaseEnd, NOT_HELD, teamJob } from '../ai-workers/protocol';
import { seriesVolume, type VolumeFile } from '../annotator/volume';
import { seriesFolderOf } from '../segmentations/mask-revisions';
import { readSeriesData } from '../studies/series-data';
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
  /** The model it made, for aitrain.upload.complete and aitrain.train.complete. */
  modelId: number | null = null,
): Promise<void> {
  if (job.created_by === null) return;
  await notify(deps, {
    teamId: job.team_id,
    userId: job.created_by,
    typeCode,
    model1Id: job.id,
    model2Id: modelId,
    section: 'ai',
    url: `/ai2-trainings/detail/${job.id}`,
    description,
  });
}

/**
 * What a worker gets with a training beyond the job itself: its set, each segmentation with its series'
 * volumes and whether it has a mask yet (one deleted since the create is left out). The author hears the
 * training began.
 */
export async function trainingLeased(
  deps: Pick<Deps, 'db' | 'realtime'>,
  job: Job,
): Promise<Pick<LeasedJob, 'inputs' | 'kind' | 'training'>> {
  const { segmentation_ids } = await deps.db
    .selectFrom('ai_trainings')
    .select('segmentation_ids')
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  const rows = segmentation_ids.length
    ? await deps.db
        .selectFrom('segmentations as sg')
        .innerJoin('series as se', 'se.id', 'sg.series_id')
        .select(['sg.id', 'sg.mask_revision', 'se.data'])
        .where('sg.team_id', '=', job.team_id)
        .where('sg.id', 'in', segmentation_ids)
        .execute()
    : [];
  await trainingNotice(deps, job, 'aitrain.train.begin');
  const segmentations = segmentation_ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const volumes = readSeriesData(row.data).nifti ?? [];
    return [
      {
        segmentation_id: id,
        inputs: volumes.map((name, volume) => ({ volume, name })),
        has_mask: row.mask_revision !== null,
      },
    ];
  });
  return { inputs: [], kind: 'training', training: { segmentation_ids, segmentations } };
}

/** A segmentation of the set of a training the worker holds (409 when not held, 404 outside its set). */
async function setSegmentation(db: Db, worker: WorkerRef, jobId: number, segmentationId: number) {
  const job = await teamJob(db, worker, jobId);
  if (job.kind !== 'training' || !isHeld(job, worker)) throw conflict(NOT_HELD);
  const training = await db
    .selectFrom('ai_trainings')
    .select('segmentation_ids')
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  const found = training.segmentation_ids.includes(segmentationId)
    ? await db
        .selectFrom('segmentations as sg')
        .innerJoin('series as se', 'se.id', 'sg.series_id')
        .select(['sg.id', 'sg.mask_revision', 'se.uuid as series_uuid', 'se.id as series_id'])
        .where('sg.id', '=', segmentationId)
        .where('sg.team_id', '=', job.team_id)
        .executeTakeFirst()
    : undefined;
  if (!found) throw notFound('Segmentation not found in this training.');
  return { job, segmentation: found };
}

/** One volume of the series of a segmentation in the training's set. */
export async function trainingInput(
  deps: Pick<Deps, 'db' | 'storage'>,
  worker: WorkerRef,
  at: { jobId: number; segmentationId: number; volume: number },
): Promise<VolumeFile> {
  const { job, segmentation } = await setSegmentation(deps.db, worker, at.jobId, at.segmentationId);
  return seriesVolume(deps, job.team_id, segmentation.series_uuid, at.volume);
}

/** The current mask (gzipped NIfTI) of a segmentation in the training's set; 404 before it has one. */
export async function trainingMask(
  deps: Pick<Deps, 'db' | 'storage'>,
  worker: WorkerRef,
  at: { jobId: number; segmentationId: number },
): Promise<StorageKey> {
  const { job, segmentation } = await setSegmentation(deps.db, worker, at.jobId, at.segmentationId);
  if (segmentation.mask_revision === null) throw notFound('This segmentation has no mask yet.');
  const folder = await seriesFolderOf(deps.db, job.team_id, segmentation.series_id);
  return maskKey(folder, segmentation.id, segmentation.mask_revision);
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
