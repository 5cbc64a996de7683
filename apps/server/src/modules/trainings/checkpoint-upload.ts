import { CheckpointFields, type CheckpointReceipt } from '@voxa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { WorkerRef } from '../../http/context';
import { badRequest, HttpError, unprocessable } from '../../http/errors';
import { acceptCheckpoint, heldTraining } from './checkpoints';

/** Messages of busboy for a body that ended early or is not multipart as declared. */
const MALFORMED_BODY =
  /^(Unexpected end of (form|file)|Malformed (part|urlencoded) header|Multipart: Boundary not found)/;

async function drain(bytes: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of bytes);
}

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
  const fields: Record<string, string> = {};
  let receipt: CheckpointReceipt | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (receipt || part.fieldname !== 'file') {
        await drain(part.file);
        throw unprocessable('One part named "file" is expected, after the fields.', {
          file: ['Unexpected part.'],
        });
      }
      const parsed = CheckpointFields.safeParse(fields);
      if (!parsed.success) {
        await drain(part.file);
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
        throw unprocessable('The checkpoint’s fields are invalid (they come before the file part).', errors);
      }
      try {
        receipt = await acceptCheckpoint(deps, worker, jobId, parsed.data, part.file);
      } catch (error) {
        // Refused before its bytes were all read: read the rest so the answer reaches the worker.
        await drain(part.file).catch(() => undefined);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (req.raw.destroyed || req.raw.readableAborted) throw badRequest('The upload was interrupted.');
    if (error instanceof Error && MALFORMED_BODY.test(error.message))
      throw badRequest('Malformed multipart body.');
    throw error;
  }
  if (!receipt)
    throw unprocessable('The checkpoint is missing: send its bytes as the part "file".', {
      file: ['Required'],
    });
  return receipt;
}
