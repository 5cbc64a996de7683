import {
  JOB_LEASE_SECONDS,
  WORKER_HEARTBEAT_SECONDS,
  type AiJobKind,
  type LeasedJob,
  type WorkerRegistration,
} from '@voxa/contracts';
import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type { Deps } from '../../deps';
import type { WorkerRef } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { AiJobsTable, Database } from '../../platform/db/schema';
import { seriesVolume, type VolumeFile } from '../annotator/volume';
import { notify } from '../notifications/notify';
import { importLabelMap } from '../segmentations/mask-import';
import { segmentationKey } from '../../platform/storage/layout';
import { readSeriesData, seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';
import { trainingLeased, trainingNotice } from '../trainings/worker';
import { logTail } from './policy';

export const NOT_INFERENCE = 'This job is a training: it has no series to read and makes no segmentation.';
export const NOT_HELD = 'This job is not held by this worker: it was cancelled, ended, or leased again.';
/** The worker answered: it shows online for a while. */
const heardOf = (db: Db, worker: WorkerRef, now: Date) =>
  db.updateTable('ai_workers').set({ last_seen_at: now }).where('id', '=', worker.id).execute();

/** A team worker reaches its team's jobs only; a platform worker (teamId null) every team's. */
const ofTeam = (teamId: number | null) => (eb: ExpressionBuilder<Database, 'ai_jobs'>) =>
  teamId === null ? eb.lit(true) : eb('ai_jobs.team_id', '=', teamId);

export const leaseEnd = (now: Date) => new Date(now.getTime() + JOB_LEASE_SECONDS * 1000);

/** What a worker runs and how much; the answer says how often to heartbeat. */
export async function registerWorker(db: Db, worker: WorkerRef, body: WorkerRegistration) {
  await db
    .updateTable('ai_workers')
    .set({
      runtimes: JSON.stringify(body.runtimes),
      models: JSON.stringify([...new Set(body.models)]),
      kinds: JSON.stringify([...new Set(body.kinds ?? ['inference'])]),
      capacity: body.capacity,
      version: body.version ?? null,
      last_seen_at: new Date(),
    })
    .where('id', '=', worker.id)
    .execute();
  return {
    worker_id: worker.id,
    heartbeat_seconds: WORKER_HEARTBEAT_SECONDS,
    lease_seconds: JOB_LEASE_SECONDS,
  };
}

/**
 * Jobs whose worker went silent past the lease go back to the queue, or fail once their attempts are
 * spent. Run before a lease and a listing, so a vanished worker's job is taken up by the next worker that asks;
 * `teamId` null (a platform worker's lease) looks at every team's. The author of a training failed so hears
 * aitrain.train.fail (decision 0054).
 */
export async function requeueLapsed(
  deps: Pick<Deps, 'db' | 'realtime'>,
  teamId: number | null,
  now = new Date(),
): Promise<void> {
  const failed = await lapse(deps.db, teamId, now, ['inference', 'training']);
  for (const job of failed) await trainingNotice(deps, job, 'aitrain.train.fail', job.error);
}

/** requeueLapsed for inferences only: what inference pages run, which have no trainings to tell of. */
export async function requeueLapsedInferences(db: Db, teamId: number): Promise<void> {
  await lapse(db, teamId, new Date(), ['inference']);
}

/** Lapsed jobs of these kinds queued again or failed; answers the trainings that failed. */
async function lapse(db: Db, teamId: number | null, now: Date, kinds: AiJobKind[]) {
  const rows = await db
    .updateTable('ai_jobs')
    .set({
      state: sql`CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END`,
      error: sql`CASE WHEN attempts >= max_attempts THEN 'Its workers stopped answering ' || attempts || ' times.' ELSE error END`,
      finished_at: sql`CASE WHEN attempts >= max_attempts THEN ${now}::timestamptz ELSE NULL END`,
      log_tail: sql`log_tail || ${'\n'} || ${`Lease lapsed at ${now.toISOString()}: the worker stopped answering.`}`,
      worker_id: null,
      lease_expires_at: null,
      updated_at: now,
    })
    .where(ofTeam(teamId))
    .where('kind', 'in', kinds)
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', now)
    .returningAll()
    .execute();
  return rows.filter((job) => job.kind === 'training' && job.state === 'failed');
}

/** The leases of the jobs it still runs are renewed; answers those it should stop. */
export async function heartbeat(db: Db, worker: WorkerRef, running: number[]): Promise<{ stop: number[] }> {
  const now = new Date();
  await heardOf(db, worker, now);
  if (running.length === 0) return { stop: [] };
  const renewed = await db
    .updateTable('ai_jobs')
    .set({ lease_expires_at: leaseEnd(now) })
    .where('id', 'in', running)
    .where('worker_id', '=', worker.id)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  const kept = new Set(renewed.map((r) => r.id));
  return { stop: running.filter((id) => !kept.has(id)) };
}

/**
 * The oldest queued job of the worker's team (any team's for a platform worker) of a kind it runs: an
 * inference for a model it serves, a training of any model (decision 0052), while it runs fewer than its
 * capacity. SKIP LOCKED: two workers asking at once never get the same job. A revoked worker gets none
 * (the built-in one calls this in-process, past no token check).
 */
export async function leaseJob(
  deps: Pick<Deps, 'db' | 'realtime'>,
  worker: WorkerRef,
): Promise<LeasedJob | null> {
  const { db } = deps;
  const now = new Date();
  await requeueLapsed(deps, worker.teamId, now);
  const me = await db
    .updateTable('ai_workers')
    .set({ last_seen_at: now })
    .where('id', '=', worker.id)
    .where('revoked_at', 'is', null)
    .returning(['models', 'kinds', 'capacity'])
    .executeTakeFirst();
  if (!me) return null;
  // A worker serving no model code yet (the built-in one before any ONNX file) may still train.
  const kinds = me.models.length ? me.kinds : me.kinds.filter((k) => k === 'training');
  if (kinds.length === 0) return null;
  const { running } = await db
    .selectFrom('ai_jobs')
    .select(sql<number>`count(*)::int`.as('running'))
    .where('worker_id', '=', worker.id)
    .where('state', '=', 'running')
    .executeTakeFirstOrThrow();
  if (running >= me.capacity) return null;
  const job = await db
    .updateTable('ai_jobs')
    .set((eb) => ({
      state: 'running',
      worker_id: worker.id,
      attempts: eb('attempts', '+', 1),
      progress: 0,
      lease_expires_at: leaseEnd(now),
      started_at: now,
      updated_at: now,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('ai_jobs')
        .select('id')
        .where(ofTeam(worker.teamId))
        .where('state', '=', 'queued')
        .where('kind', 'in', kinds)
        .where((eb) =>
          me.models.length
            ? eb.or([eb('kind', '=', 'training'), eb('model_code', 'in', me.models)])
            : eb('kind', '=', 'training'),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  if (!job) return null;
  const leased = {
    id: job.id,
    trace_id: job.trace_id,
    attempt: job.attempts,
    lease_expires_at: (job.lease_expires_at ?? now).toISOString(),
    model: { id: job.model_id, code: job.model_code },
    segments: job.segments,
    parameters: job.parameters,
  };
  if (job.series_id === null) return { ...leased, ...(await trainingLeased(deps, job)) };
  const series = await db
    .selectFrom('series')
    .select('data')
    .where('id', '=', job.series_id)
    .executeTakeFirst();
  const volumes = readSeriesData(series?.data ?? {}).nifti ?? [];
  return {
    ...leased,
    inputs: volumes.map((name, volume) => ({ volume, name })),
    kind: 'inference',
    training: null,
  };
}

/** A job of the worker's team (404 for another team's; any for a platform worker), whoever holds it. */
export async function teamJob(db: Db, worker: WorkerRef, jobId: number) {
  const job = await db
    .selectFrom('ai_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where(ofTeam(worker.teamId))
    .executeTakeFirst();
  if (!job) throw notFound('Job not found.');
  return job;
}

export const isHeld = (job: { state: string; worker_id: number | null }, worker: WorkerRef) =>
  job.state === 'running' && job.worker_id === worker.id;

/** A job of the worker's team held by this worker now: 409 when not (or no longer) its own. */
async function heldJob(db: Db, worker: WorkerRef, jobId: number) {
  const job = await teamJob(db, worker, jobId);
  if (!isHeld(job, worker)) throw conflict(NOT_HELD);
  return job;
}

/**
 * Ends a job the worker holds, with what its end sets (its lease cleared, its end time stamped): false
 * when it no longer held it (cancelled, ended or leased again meanwhile), and then nothing changed.
 */
export async function endHeldJob(
  db: Db,
  worker: WorkerRef,
  jobId: number,
  end: Updateable<AiJobsTable> & { state: 'done' | 'failed' },
): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .updateTable('ai_jobs')
    .set({ ...end, lease_expires_at: null, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('worker_id', '=', worker.id)
    .where('state', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return ended !== undefined;
}

/** One input volume of a job the worker holds. */
export async function jobInput(
  deps: Pick<Deps, 'db' | 'storage'>,
  worker: WorkerRef,
  jobId: number,
  volume: number,
): Promise<VolumeFile> {
  const job = await heldJob(deps.db, worker, jobId);
  if (job.series_id === null) throw conflict(NOT_INFERENCE);
  const series = await deps.db
    .selectFrom('series')
    .select('uuid')
    .where('id', '=', job.series_id)
    .executeTakeFirstOrThrow();
  return seriesVolume(deps, job.team_id, series.uuid, volume);
}

/** Progress and log of a job; renews its lease. A job no longer its own answers stop. */
export async function reportProgress(
  db: Db,
  worker: WorkerRef,
  jobId: number,
  body: { progress: number; log?: string | undefined },
): Promise<{ stop: boolean }> {
  const job = await teamJob(db, worker, jobId);
  if (!isHeld(job, worker)) return { stop: true };
  const now = new Date();
  await db
    .updateTable('ai_jobs')
    .set({
      progress: Math.max(job.progress, body.progress),
      log_tail: logTail(job.log_tail, body.log),
      lease_expires_at: leaseEnd(now),
      updated_at: now,
    })
    .where('id', '=', job.id)
    .where('worker_id', '=', worker.id)
    .execute();
  await heardOf(db, worker, now);
  return { stop: false };
}

/** The job failed on the worker: it ends failed (a model that fails once fails again: no retry). */
export async function failJob(
  deps: Pick<Deps, 'db' | 'realtime'>,
  worker: WorkerRef,
  jobId: number,
  body: { message: string; log?: string | undefined },
): Promise<void> {
  const { db } = deps;
  const job = await heldJob(db, worker, jobId);
  const failed = await endHeldJob(db, worker, job.id, {
    state: 'failed',
    error: body.message,
    log_tail: logTail(job.log_tail, body.log),
  });
  if (failed && job.kind === 'training') await trainingNotice(deps, job, 'aitrain.train.fail', body.message);
}

/**
 * The job's label map becomes a segmentation of its series (the job's structure and segments, by the
 * job's author), the job is done, and its author hears 'Inference {series}:{job} done'.
 */
export async function acceptResult(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'realtime'>,
  worker: WorkerRef,
  jobId: number,
  body: unknown,
): Promise<{ segmentation_id: number }> {
  const job = await heldJob(deps.db, worker, jobId);
  if (job.series_id === null) throw conflict(NOT_INFERENCE);
  const author = job.created_by
    ? await deps.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', job.created_by)
        .executeTakeFirst()
    : undefined;
  if (!author) throw conflict('The inference’s author is gone: its result has nobody to belong to.');
  const series = await seriesWithStudy(deps.db, job.team_id)
    .where('series.id', '=', job.series_id)
    .executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  const segmentationId = await importLabelMap(
    deps,
    {
      teamId: job.team_id,
      user: author,
      series,
      structureId: job.structure_id,
      rbac: false,
      titles: new Map(job.segments.map((s) => [s.value, s.title])),
      allowed: new Set(job.segments.map((s) => s.value)),
    },
    body,
  );
  const done = await endHeldJob(deps.db, worker, job.id, {
    state: 'done',
    progress: 1,
    segmentation_id: segmentationId,
  });
  if (!done) {
    // Cancelled or leased again while the map was read: the segmentation it made goes again.
    await deps.db.deleteFrom('segmentations').where('id', '=', segmentationId).execute();
    await deps.storage.remove(segmentationKey(seriesFolder(series, series.study_uuid), segmentationId));
    throw conflict(NOT_HELD);
  }
  await notify(deps, {
    teamId: job.team_id,
    userId: author.id,
    typeCode: 'aiinfer.done',
    model1Id: series.id,
    model2Id: job.id,
    section: 'ai',
    url: `/annotator/case/${series.uuid}?task_id=${segmentationId}&aiinfer=true`,
    description: job.model_code,
  });
  return { segmentation_id: segmentationId };
}
