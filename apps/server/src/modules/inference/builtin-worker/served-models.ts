import type { ModelRuntimeSpec } from '@voxa/contracts';
import type { Deps } from '../../../deps';
import type { Db } from '../../../platform/db';
import { aiModelFileKey } from '../../../platform/storage/layout';
import { runtimeSpec } from './model-spec';

/** The codes of every ONNX model with a stored file, whichever team's: what the built-in worker serves. */
export async function servedModelCodes(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('ai_models')
    .select('code')
    .distinct()
    .where('runtime', '=', 'onnx')
    .where('team_id', 'is not', null)
    .where('file_sha256', 'is not', null)
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

export interface JobModel {
  onnxPath: string;
  spec: ModelRuntimeSpec;
}

/**
 * The file and spec of a leased job's model, read now (an edit since the job was made applies), or why it
 * cannot run here: the job then fails with that message.
 */
export async function jobModel(
  deps: Pick<Deps, 'db' | 'storage'>,
  modelId: number | null,
): Promise<JobModel | string> {
  const row =
    modelId === null
      ? undefined
      : await deps.db.selectFrom('ai_models').selectAll().where('id', '=', modelId).executeTakeFirst();
  if (!row) return 'The job’s model was deleted.';
  if (row.team_id === null || row.file_sha256 === null)
    return 'The model has no ONNX file: upload one to run it on the built-in worker.';
  const spec = runtimeSpec(row);
  if (typeof spec === 'string') return spec;
  return { onnxPath: await deps.storage.path(aiModelFileKey(row.team_id, row.id)), spec };
}
