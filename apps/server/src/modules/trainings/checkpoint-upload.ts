import { CheckpointFields, type CheckpointReceipt } from '@voxa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { WorkerRef } from '../../http/context';
import { fieldsThenFile } from '../../http/multipart';
import { acceptCheckpoint, heldTraining } from './checkpoints';

/**
 * PUT /ai-worker/jobs/{id}/checkpoint: the fields epoch, val_dice and spec, then the part `file`, streamed
 * to the checkpoint service. A training not held is refused before any byte is read.
 */
export async function receiveCheckpoint(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  worker: WorkerRef,
  jobId: number,
  req: FastifyRequest,
): Promise<CheckpointReceipt> {
  await heldTraining(deps.db, worker, jobId);
  return fieldsThenFile(req, CheckpointFields, 'checkpoint', (fields, bytes) =>
    acceptCheckpoint(deps, worker, jobId, fields, bytes),
  );
}
