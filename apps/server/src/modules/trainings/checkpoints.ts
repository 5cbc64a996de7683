import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  AI_MODEL_MIN_VAL_DICE,
  TRAINING_DID_NOT_LEARN,
  TRAINING_NO_CHECKPOINT,
  type CheckpointFields,
  type CheckpointReceipt,
} from '@voxa/contracts';
import type { Deps } from '../../deps';
import { boundedBody } from '../../http/bounded-body';
import type { WorkerRef } from '../../http/context';
import { conflict, HttpError, unprocessable } from '../../http/errors';
import type { StoredCheckpoint } from '../../platform/db/schema';
import type { StorageKey } from '../../platform/storage';
import { trainingCheckpointKey } from '../../platform/storage/layout';
import { checkedOnnxHeader } from '../ai-models/file';
import { fileFitProblems } from '../ai-models/policy';
import { logTail } from '../ai-workers/policy';
import { endHeldJob, isHeld, leaseEnd, NOT_HELD, teamJob } from '../ai-workers/protocol';
import { insertDerivedModel } from './derived-model';
import { checkpointSpecProblem, hasLearned, isBetterCheckpoint } from './policy';
import { trainingNotice } from './worker';

export const NOT_TRAINING = 'This job is an inference: it has no checkpoints and makes no model.';

/** A training of the worker's team held by this worker now (409 when not, or not a training). */
export async function heldTraining(db: Deps['db'], worker: WorkerRef, jobId: number) {
  const job = await teamJob(db, worker, jobId);
  if (job.kind !== 'training') throw conflict(NOT_TRAINING);
  if (!isHeld(job, worker)) throw conflict(NOT_HELD);
  return job;
}

/** The bytes as they stream by, hashed and counted. */
async function* measured(
  bytes: AsyncIterable<Uint8Array>,
  seen: { size: number; hash: ReturnType<typeof createHash> },
): AsyncIterable<Uint8Array> {
  for await (const chunk of bytes) {
    seen.size += chunk.byteLength;
    seen.hash.update(chunk);
    yield chunk;
  }
}

/**
 * A checkpoint of a training the worker holds (decision 0054): its bytes stream to a file of their own,
 * are read as an ONNX graph that fits the training's segments and the spec's channels, and replace the
 * kept one only with a higher validation Dice. Renews the lease.
 */
export async function acceptCheckpoint(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  worker: WorkerRef,
  jobId: number,
  fields: CheckpointFields,
  bytes: AsyncIterable<Uint8Array>,
): Promise<CheckpointReceipt> {
  const { db, storage } = deps;
  const job = await heldTraining(db, worker, jobId);
  const specProblem = checkpointSpecProblem(fields.spec, job.segments);
  if (specProblem) throw unprocessable(specProblem, { spec: [specProblem] });
  const incoming = trainingCheckpointKey(job.team_id, job.id, `incoming-${randomUUID()}`);
  const seen = { size: 0, hash: createHash('sha256') };
  try {
    const max = deps.config.AI_MODEL_MAX_BYTES;
    const tooLarge = () => new HttpError(413, `The checkpoint is larger than ${max} bytes.`);
    await storage.writeAtomic(incoming, measured(boundedBody(bytes, max, tooLarge), seen));
    if (seen.size === 0) throw unprocessable('The checkpoint is empty.', { file: ['The file is empty.'] });
    // The graph's inputs and outputs follow its weights: the header is read from the whole stored file.
    const header = checkedOnnxHeader(await readFile(await storage.path(incoming)));
    const problems = fileFitProblems(header, { channels: fields.spec.inputChannels, segments: job.segments });
    if (Object.keys(problems).length)
      throw unprocessable('The checkpoint does not fit the training’s model.', problems);
    const candidate: StoredCheckpoint = {
      epoch: fields.epoch,
      val_dice: fields.val_dice,
      spec: fields.spec,
      size: seen.size,
      sha256: seen.hash.digest('hex'),
      header,
    };
    return await db.transaction().execute(async (trx) => {
      const training = await trx
        .selectFrom('ai_trainings')
        .select('checkpoint')
        .where('job_id', '=', job.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const now = new Date();
      const held = await trx
        .updateTable('ai_jobs')
        .set({ lease_expires_at: leaseEnd(now), updated_at: now })
        .where('id', '=', job.id)
        .where('worker_id', '=', worker.id)
        .where('state', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      if (!held) throw conflict(NOT_HELD);
      const kept = isBetterCheckpoint(training.checkpoint, candidate);
      if (kept) {
        await storage.move(incoming, trainingCheckpointKey(job.team_id, job.id, 'best'));
        await trx
          .updateTable('ai_trainings')
          .set({ checkpoint: JSON.stringify(candidate) })
          .where('job_id', '=', job.id)
          .execute();
      }
      const best = kept ? candidate : (training.checkpoint ?? candidate);
      return { kept, best: { epoch: best.epoch, val_dice: best.val_dice } };
    });
  } finally {
    await storage.remove(incoming);
  }
}

/**
 * A training the worker holds is done (decisions 0054, 0095). Judged by its best checkpoint against the
 * threshold copied at start: learned, the checkpoint becomes a model of the team derived from the
 * training's model, and its author hears aitrain.upload.begin before, then aitrain.upload.complete and
 * aitrain.train.complete; it did not learn, the job ends done with no model (until a user promotes it)
 * and its author hears aitrain.train.complete with the figures. Once: a repeated call by its worker
 * answers the same.
 */
export async function finishTraining(
  deps: Pick<Deps, 'db' | 'storage' | 'realtime'>,
  worker: WorkerRef,
  jobId: number,
  body: { log?: string | undefined },
): Promise<{ model_id: number | null; learned: boolean }> {
  const { db, storage } = deps;
  const job = await teamJob(db, worker, jobId);
  if (job.kind !== 'training') throw conflict(NOT_TRAINING);
  const training = await db
    .selectFrom('ai_trainings')
    .select(['derived_model_id', 'checkpoint', 'learned', 'min_val_dice'])
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  // Its worker asking again (the answer was lost): what it made of it.
  if (job.state === 'done' && job.worker_id === worker.id && training.learned !== null)
    return { model_id: training.derived_model_id, learned: training.learned };
  if (!isHeld(job, worker)) throw conflict(NOT_HELD);
  const checkpoint = training.checkpoint;
  if (!checkpoint) throw conflict(TRAINING_NO_CHECKPOINT);
  const threshold = training.min_val_dice ?? AI_MODEL_MIN_VAL_DICE;
  const end = { state: 'done', progress: 1, log_tail: logTail(job.log_tail, body.log) } as const;

  if (!hasLearned(checkpoint.val_dice, threshold)) {
    const now = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('ai_trainings')
        .select('learned')
        .where('job_id', '=', job.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // A call at the same time ended it.
      if (locked.learned === false) return false;
      if (!(await endHeldJob(trx, worker, job.id, end))) throw conflict(NOT_HELD);
      await trx.updateTable('ai_trainings').set({ learned: false }).where('job_id', '=', job.id).execute();
      return true;
    });
    if (now) {
      const figures = TRAINING_DID_NOT_LEARN(checkpoint.val_dice, threshold);
      await trainingNotice(deps, job, 'aitrain.train.complete', figures);
    }
    return { model_id: null, learned: false };
  }

  await trainingNotice(deps, job, 'aitrain.upload.begin');
  let linked: StorageKey | null = null;
  let made: { id: number; now: boolean };
  try {
    made = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('ai_trainings')
        .select('derived_model_id')
        .where('job_id', '=', job.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // A call at the same time made it.
      if (locked.derived_model_id !== null) return { id: locked.derived_model_id, now: false };
      const model = await insertDerivedModel(trx, storage, job, checkpoint);
      linked = model.linked;
      await trx.updateTable('ai_trainings').set({ learned: true }).where('job_id', '=', job.id).execute();
      // Stopped or leased again while the model was made: nothing of it stays.
      if (!(await endHeldJob(trx, worker, job.id, end))) throw conflict(NOT_HELD);
      return { id: model.id, now: true };
    });
  } catch (error) {
    if (linked) await storage.remove(linked);
    throw error;
  }
  if (made.now) {
    await trainingNotice(deps, job, 'aitrain.upload.complete', null, made.id);
    await trainingNotice(deps, job, 'aitrain.train.complete', null, made.id);
  }
  return { model_id: made.id, learned: true };
}
