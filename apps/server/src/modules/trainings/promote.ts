import { TRAINING_NO_CHECKPOINT, TRAINING_NOT_PROMOTABLE, type Training } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { conflict } from '../../http/errors';
import type { StorageKey } from '../../platform/storage';
import { insertDerivedModel } from './derived-model';
import { nextTrainingState, trainingState } from './policy';
import { presentTraining } from './present';
import { trainingRow } from './service';

/**
 * POST ai2/train/promote/{trainingId} (decision 0095): a training that did not learn becomes a model on
 * the user's word, its best checkpoint made the derived model as a training that learned makes it. It
 * stays 'did_not_learn' (its figures are still true), now with its model. Once: again, the same model.
 * Another team's answers 404; any other state 409.
 */
export async function promoteTraining(
  deps: Pick<Deps, 'db' | 'storage'>,
  teamId: number,
  id: number,
): Promise<Training> {
  const { db, storage } = deps;
  const row = await trainingRow(db, teamId, id);
  if (!nextTrainingState(trainingState(row.state, row.learned), 'promote'))
    throw conflict(TRAINING_NOT_PROMOTABLE);
  const checkpoint = row.checkpoint;
  if (!checkpoint) throw conflict(TRAINING_NO_CHECKPOINT);
  let linked: StorageKey | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('ai_trainings')
        .select('derived_model_id')
        .where('job_id', '=', row.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.derived_model_id !== null) return;
      linked = (await insertDerivedModel(trx, storage, row, checkpoint)).linked;
    });
  } catch (error) {
    if (linked) await storage.remove(linked);
    throw error;
  }
  return presentTraining(await trainingRow(db, teamId, id));
}
