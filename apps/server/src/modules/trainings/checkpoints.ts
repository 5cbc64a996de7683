import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { TRAINING_NO_CHECKPOINT, type CheckpointFields, type CheckpointReceipt } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { boundedBody } from '../../http/bounded-body';
import type { WorkerRef } from '../../http/context';
import { conflict, HttpError, unprocessable } from '../../http/errors';
import type { StoredCheckpoint } from '../../platform/db/schema';
import { aiModelFileKey, trainingCheckpointKey } from '../../platform/storage/layout';
import { checkedOnnxHeader } from '../ai-models/file';
import { fileFitProblems } from '../ai-models/policy';
import { logTail } from '../ai-workers/policy';
import { endHeldJob, isHeld, leaseEnd, NOT_HELD, teamJob } from '../ai-workers/protocol';
import { checkpointSpecProblem, derivedModelCode, derivedModelName, isBetterCheckpoint } from './policy';
import { trainingNotice } from './worker';

export const NOT_TRAINING = 'This job is an inference: it has no checkpoints and makes no model.';
/** Codes tried for a derived model when a user already took the first (derivedModelCode's attempt). */
const CODE_ATTEMPTS = 5;

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
 * A training the worker holds is done (decision 0054): its best checkpoint becomes a model of the team,
 * derived from the training's model (parent_id, is_derived, its structure and segments, private, the
 * checkpoint's spec and file), made once: a repeated call by its worker answers the same model. Its author
 * hears aitrain.upload.begin before the model is made, then aitrain.upload.complete and
 * aitrain.train.complete.
 */
export async function finishTraining(
  deps: Pick<Deps, 'db' | 'storage' | 'realtime'>,
  worker: WorkerRef,
  jobId: number,
  body: { log?: string | undefined },
): Promise<{ model_id: number }> {
  const { db, storage } = deps;
  const job = await teamJob(db, worker, jobId);
  if (job.kind !== 'training') throw conflict(NOT_TRAINING);
  const training = await db
    .selectFrom('ai_trainings')
    .select(['derived_model_id', 'checkpoint'])
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  // Its worker asking again (the answer was lost): the model it made.
  if (job.state === 'done' && job.worker_id === worker.id && training.derived_model_id !== null)
    return { model_id: training.derived_model_id };
  if (!isHeld(job, worker)) throw conflict(NOT_HELD);
  const checkpoint = training.checkpoint;
  if (!checkpoint) throw conflict(TRAINING_NO_CHECKPOINT);

  await trainingNotice(deps, job, 'aitrain.upload.begin');
  const parent =
    job.model_id === null
      ? undefined
      : await db.selectFrom('ai_models').selectAll().where('id', '=', job.model_id).executeTakeFirst();
  const parentCode = parent?.code ?? job.model_code;
  let linked: ReturnType<typeof aiModelFileKey> | null = null;
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
      const { spec } = checkpoint;
      const now = new Date();
      let id: number | undefined;
      for (let attempt = 1; id === undefined && attempt <= CODE_ATTEMPTS; attempt++) {
        const inserted = await trx
          .insertInto('ai_models')
          .values({
            team_id: job.team_id,
            name: derivedModelName(parent?.name ?? job.model_code, job.id),
            code: derivedModelCode(parentCode, job.id, attempt),
            description: `Trained from ${parentCode} by training #${job.id}: validation Dice ${checkpoint.val_dice.toFixed(3)} at epoch ${checkpoint.epoch}.`,
            structure_id: job.structure_id,
            segments: JSON.stringify(job.segments),
            parent_id: parent?.id ?? null,
            is_private: true,
            is_derived: true,
            runtime: 'onnx',
            modality: parent?.modality ?? 'ct',
            channels: spec.inputChannels,
            spacing: JSON.stringify(spec.targetSpacing),
            patch_size: JSON.stringify(spec.patchSize),
            normalization: JSON.stringify(spec.normalisation),
            file_size: checkpoint.size,
            file_sha256: checkpoint.sha256,
            file_header: JSON.stringify(checkpoint.header),
            file_uploaded_at: now,
            created_by: job.created_by,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        id = inserted?.id;
      }
      if (id === undefined) throw conflict('Every code tried for the derived model is taken.');
      linked = aiModelFileKey(job.team_id, id);
      await storage.link(trainingCheckpointKey(job.team_id, job.id, 'best'), linked);
      await trx
        .updateTable('ai_trainings')
        .set({ derived_model_id: id })
        .where('job_id', '=', job.id)
        .execute();
      const done = await endHeldJob(trx, worker, job.id, {
        state: 'done',
        progress: 1,
        log_tail: logTail(job.log_tail, body.log),
      });
      // Stopped or leased again while the model was made: nothing of it stays.
      if (!done) throw conflict(NOT_HELD);
      return { id, now: true };
    });
  } catch (error) {
    if (linked) await storage.remove(linked);
    throw error;
  }
  if (made.now) {
    await trainingNotice(deps, job, 'aitrain.upload.complete', null, made.id);
    await trainingNotice(deps, job, 'aitrain.train.complete', null, made.id);
  }
  return { model_id: made.id };
}
