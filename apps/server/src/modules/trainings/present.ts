import type { Training, TrainingDetail, TrainingEpoch, TrainingStartBody } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { AiJobsTable, StoredCheckpoint } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { bestValDice, trainingState } from './policy';

/** A training's job with its set, curves and what it is shown with (service.trainingRows). */
export type TrainingRow = Selectable<AiJobsTable> & {
  segmentation_ids: number[];
  metrics: TrainingEpoch[];
  model_name: string | null;
  created_by_user_name: string | null;
  worker_name: string | null;
  derived_model_id: number | null;
  checkpoint: StoredCheckpoint | null;
  learned: boolean | null;
  min_val_dice: number | null;
};

export function presentTraining(row: TrainingRow): Training {
  const { epochs } = row.parameters as Partial<TrainingStartBody>;
  return {
    id: row.id,
    state: trainingState(row.state, row.learned),
    model: { id: row.model_id, code: row.model_code, name: row.model_name },
    epochs: epochs ?? null,
    epochs_done: row.metrics.length,
    best_val_dice: bestValDice(row.metrics),
    segmentation_count: row.segmentation_ids.length,
    attempts: row.attempts,
    error: row.error,
    created_by_user_name: row.created_by_user_name,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    derived_model_id: row.derived_model_id,
    min_val_dice: row.min_val_dice,
    learned: row.learned,
  };
}

export function presentTrainingDetail(row: TrainingRow): TrainingDetail {
  return {
    ...presentTraining(row),
    segmentation_ids: row.segmentation_ids,
    parameters: row.parameters as Partial<TrainingStartBody>,
    metrics: row.metrics,
    trace_id: row.trace_id,
    log_tail: row.log_tail,
    max_attempts: row.max_attempts,
    worker_name: row.worker_name,
    checkpoint: row.checkpoint && { epoch: row.checkpoint.epoch, val_dice: row.checkpoint.val_dice },
  };
}
