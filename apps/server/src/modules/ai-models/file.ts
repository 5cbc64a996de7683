import { createHash } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { AI_MODEL_EXTERNAL_FILE, AI_MODEL_NOT_ONNX, type AiModel } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { aiModelFileKey } from '../../platform/storage/layout';
import { ExternalDataError, OnnxFormatError, readOnnxHeader } from './onnx-header';
import { fileFitProblems } from './policy';
import { findVisibleModel, modelDetail, ownModel } from './service';

/**
 * Stores a model's ONNX file once its header reads as an ONNX graph that fits the model's channels and
 * segments; the previous file is replaced atomically. The body limit (AI_MODEL_MAX_BYTES) is the route's.
 */
export async function uploadModelFile(
  deps: Deps,
  ctx: TeamContext,
  id: number,
  body: Uint8Array | undefined,
): Promise<AiModel> {
  const teamId = ctx.team.id;
  const row = await ownModel(deps.db, teamId, id);
  if (row.runtime === 'external')
    throw unprocessable(AI_MODEL_EXTERNAL_FILE, { file: [AI_MODEL_EXTERNAL_FILE] });
  if (!body?.length) throw unprocessable(AI_MODEL_NOT_ONNX, { file: ['The file is empty.'] });
  const header = checkedOnnxHeader(body);
  const problems = fileFitProblems(header, row);
  if (Object.keys(problems).length) throw unprocessable('The model file does not fit this model.', problems);

  const key = aiModelFileKey(teamId, id);
  await deps.storage.writeAtomic(key, body);
  const updated = await deps.db
    .updateTable('ai_models')
    .set({
      file_size: body.length,
      file_sha256: createHash('sha256').update(body).digest('hex'),
      file_header: JSON.stringify(header),
      file_uploaded_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .returning('id')
    .executeTakeFirst();
  // Deleted while the bytes were written: nothing may stay behind.
  if (!updated) {
    await deps.storage.remove(key);
    throw notFound('AI model not found.');
  }
  return modelDetail(deps.db, ctx, id);
}

/** The header of an ONNX file, or 422 with why it is not one (or keeps its weights outside). */
export function checkedOnnxHeader(body: Uint8Array) {
  try {
    return readOnnxHeader(body);
  } catch (error) {
    if (error instanceof ExternalDataError)
      throw unprocessable('Save the model with its weights inside the .onnx file.', {
        file: [error.message],
      });
    if (error instanceof OnnxFormatError) throw unprocessable(AI_MODEL_NOT_ONNX, { file: [error.message] });
    throw error;
  }
}

/** The file of a model the team sees (its own, built-in or public), for workers to download. */
export async function modelFile(
  deps: Deps,
  ctx: TeamContext,
  id: number,
): Promise<{ stream: ReadStream; code: string; sha256: string }> {
  const row = await findVisibleModel(deps.db, ctx.team.id, id);
  if (row.team_id === null || row.file_sha256 === null) throw notFound('This model has no file.');
  return {
    stream: await deps.storage.read(aiModelFileKey(row.team_id, id)),
    code: row.code,
    sha256: row.file_sha256,
  };
}
