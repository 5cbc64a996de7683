import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import { conflict } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { AiJobsTable, StoredCheckpoint } from '../../platform/db/schema';
import type { StorageKey } from '../../platform/storage';
import { aiModelFileKey, trainingCheckpointKey } from '../../platform/storage/layout';
import { derivedModelCode, derivedModelName } from './policy';

/** Codes tried for a derived model when a user already took the first (derivedModelCode's attempt). */
const CODE_ATTEMPTS = 5;

/**
 * The model a training's best checkpoint becomes (decisions 0054, 0095), made in the caller's transaction,
 * which holds the training row's lock: an `ai_models` row of the training's team derived from its model
 * (parent_id, is_derived, private, the job's structure and segments, the checkpoint's spec), its file a
 * hard link of `best.onnx`, and `ai_trainings.derived_model_id`. Answers the model's id and the linked
 * file, which the caller removes should the transaction roll back.
 */
export async function insertDerivedModel(
  trx: Db,
  storage: Deps['storage'],
  job: Selectable<AiJobsTable>,
  checkpoint: StoredCheckpoint,
): Promise<{ id: number; linked: StorageKey }> {
  const parent =
    job.model_id === null
      ? undefined
      : await trx.selectFrom('ai_models').selectAll().where('id', '=', job.model_id).executeTakeFirst();
  const parentCode = parent?.code ?? job.model_code;
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
        ...(parent && {
          min_val_dice: parent.min_val_dice,
          min_training_segmentations: parent.min_training_segmentations,
        }),
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
  await trx.updateTable('ai_trainings').set({ derived_model_id: id }).where('job_id', '=', job.id).execute();
  const linked = aiModelFileKey(job.team_id, id);
  await storage.link(trainingCheckpointKey(job.team_id, job.id, 'best'), linked);
  return { id, linked };
}
