import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * AI trainings (teams-and-account.md 3, 4, 5, 7.6; issue 16 item 1; docs/decisions/0052-trainings.md): a
 * model taught from the team's segmentations that match it. Created with its training set, started with
 * its parameters, queued on the one job queue of AI workers (`ai_jobs`, kind 'training') until a worker that
 * trains leases it, running with per-epoch loss and validation Dice, then done, failed or stopped; or
 * finished without reaching its model's least validation Dice: did_not_learn, with no model unless a user
 * promotes it (docs/decisions/0095-a-training-that-did-not-learn.md).
 */

export const TRAINING_STATES = [
  'created',
  'queued',
  'running',
  'done',
  'did_not_learn',
  'failed',
  'stopped',
] as const;
export const TrainingState = z.enum(TRAINING_STATES);
export type TrainingState = z.infer<typeof TrainingState>;

/** Why a segmentation is not valid for a model (the spec's rule, section 5). */
export const TRAINING_SEGMENT_COUNT = (have: number, want: number) =>
  `It has ${have} segments; the model has ${want}.`;
export const TRAINING_SEGMENT_UNMATCHED = (title: string, value: number) =>
  `Its segment ${title} (${value}) matches no segment of the model by title and value.`;
export const TRAINING_INVALID = 'Only segmentations that match the model can be trained on.';
export const TRAINING_NOT_CREATED = 'Only a created training can be started.';
export const TRAINING_ENDED = 'This training has already ended.';
export const TRAINING_NOT_PROMOTABLE = 'Only a training that did not learn can be promoted to a model.';
/** Why a training did not learn: its figures (decision 0095). */
export const TRAINING_DID_NOT_LEARN = (bestValDice: number, minValDice: number) =>
  `Best validation Dice ${bestValDice.toFixed(4)} stayed under the model’s threshold ${minValDice}: no model was made.`;
/** The trainings page's warnings before a start (decision 0095). */
export const TRAINING_TOO_FEW = (chosen: number, needed: number) =>
  `The model needs at least ${needed} matching segmentations; ${chosen} chosen. A training on fewer may learn nothing.`;
export const TRAINING_ONE_SERIES =
  'All chosen segmentations come from one series: a training on one series may learn nothing.';

const SegmentationIds = z.array(Id).min(1).max(500);
const Dim = z.number().int().min(8).max(512);

export const TrainingSegment = z.object({ title: z.string(), value: z.number().int() });

/** The spec's training segmentation: segmentation_id, segments, valid; and why it is not. */
export const TrainingSegmentation = z.object({
  segmentation_id: Id,
  segments: z.array(TrainingSegment),
  valid: z.boolean(),
  reason: z.string().nullable(),
  series: z.object({ uuid: z.string().uuid(), name: z.string() }),
  study: z.object({ uuid: z.string().uuid(), name: z.string() }),
  created_at: Timestamp,
});
export type TrainingSegmentation = z.infer<typeof TrainingSegmentation>;

export const TrainSegmentationQuery = z.strictObject({
  /** Comma-separated ids; absent: the team's segmentations of the model's structure. */
  segmentationId: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Comma-separated segmentation ids.')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().positive()).min(1).max(500))
    .optional(),
});

export const TrainingCreateBody = z.strictObject({ modelId: Id, segmentationIds: SegmentationIds });
export type TrainingCreateBody = z.infer<typeof TrainingCreateBody>;

export const TrainingCreated = z.object({
  trainingId: Id,
  modelId: Id,
  segmentationIds: z.array(Id),
});
export type TrainingCreated = z.infer<typeof TrainingCreated>;

/** The start's body (the spec shows none; decision 0052): how the worker trains, recorded on the job. */
export const TrainingStartBody = z.strictObject({
  /** Share of the training set held out to measure validation Dice each epoch. */
  validationSplit: z.number().min(0.05).max(0.5).default(0.2),
  epochs: z.number().int().min(1).max(1000).default(50),
  learningRate: z.number().positive().max(1).default(0.001),
  /** Voxels per side of the patches trained on (x, y, z). */
  patchSize: z.tuple([Dim, Dim, Dim]).default([64, 64, 64]),
});
export type TrainingStartBody = z.infer<typeof TrainingStartBody>;

/** One epoch as the worker measured it. */
export const TrainingEpoch = z.object({
  epoch: z.number().int().min(1),
  loss: z.number(),
  val_dice: z.number().min(0).max(1),
  at: Timestamp,
});
export type TrainingEpoch = z.infer<typeof TrainingEpoch>;

export const Training = z.object({
  id: Id,
  state: TrainingState,
  model: z.object({ id: Id.nullable(), code: z.string(), name: z.string().nullable() }),
  epochs: z.number().int().nullable(),
  epochs_done: z.number().int(),
  best_val_dice: z.number().nullable(),
  segmentation_count: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_by_user_name: z.string().nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  /**
   * The model its best checkpoint became once done (decision 0054), or once promoted after it did not learn
   * (0095); null before, or once deleted.
   */
  derived_model_id: Id.nullable(),
  /** The least best validation Dice it must reach (its model's, at start); null before the start. */
  min_val_dice: z.number().nullable(),
  /** Whether it reached min_val_dice; null until it finishes (and for trainings finished before 0095). */
  learned: z.boolean().nullable(),
});
export type Training = z.infer<typeof Training>;

export const TrainingDetail = Training.extend({
  segmentation_ids: z.array(Id),
  /** What the start gave (absent until started). */
  parameters: TrainingStartBody.partial(),
  /** Per epoch, in order: the curves. */
  metrics: z.array(TrainingEpoch),
  trace_id: z.string(),
  log_tail: z.string(),
  max_attempts: z.number().int(),
  worker_name: z.string().nullable(),
  /** The best checkpoint a worker uploaded so far: what the derived model gets. */
  checkpoint: z.object({ epoch: z.number().int(), val_dice: z.number() }).nullable(),
});
export type TrainingDetail = z.infer<typeof TrainingDetail>;

const TrainingParams = z.strictObject({ trainingId: Id });
const read = ['r:ai-trainings'] as const;

export const trainings = {
  trainSegmentation: endpoint({
    method: 'GET',
    path: '/ai2/ai-train/:modelId/train-segmentation',
    scope: 'team',
    permissions: [...read],
    summary:
      'The team’s segmentations named (else those of the model’s structure), each with its segments and whether it is valid for the model',
    params: z.strictObject({ modelId: Id }),
    query: TrainSegmentationQuery,
    response: z.array(TrainingSegmentation),
  }),
  create: endpoint({
    method: 'POST',
    path: '/ai2/train/create',
    scope: 'team',
    permissions: [...read],
    summary: 'A training of a model on valid segmentations of the team; started by train/start',
    body: TrainingCreateBody,
    response: TrainingCreated,
    status: 201,
  }),
  start: endpoint({
    method: 'POST',
    path: '/ai2/train/start/:trainingId',
    scope: 'team',
    permissions: [...read],
    summary: 'Queues a created training with its parameters for a worker that trains',
    params: TrainingParams,
    body: TrainingStartBody,
    response: Training,
  }),
  stop: endpoint({
    method: 'PUT',
    path: '/ai2/ai-train/stop/:trainId',
    scope: 'team',
    permissions: [...read],
    summary: 'Stops an open training; its worker is told to stop',
    params: z.strictObject({ trainId: Id }),
    body: z.strictObject({ trainId: Id, state: z.literal('stopped') }),
    response: z.object({ trainId: Id, state: z.literal('stopped') }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/ai2/trainings',
    scope: 'team',
    permissions: [...read],
    summary: 'The team’s trainings, newest first',
    response: z.array(Training),
  }),
  promote: endpoint({
    method: 'POST',
    path: '/ai2/train/promote/:trainingId',
    scope: 'team',
    permissions: [...read],
    summary:
      'Makes the derived model of a training that did not learn from its best checkpoint, on the user’s word (once; again: the same)',
    params: TrainingParams,
    response: Training,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ai2/training/:trainingId',
    scope: 'team',
    permissions: [...read],
    summary: 'One training with its parameters, per-epoch metrics and its log’s end',
    params: TrainingParams,
    response: TrainingDetail,
  }),
};
