import {
  TRAINING_SEGMENT_COUNT,
  TRAINING_SEGMENT_UNMATCHED,
  type AiJobState,
  type TrainingEpoch,
  type TrainingState,
} from '@voxa/contracts';

interface Segment {
  title: string;
  value: number;
}

/**
 * The spec's rule (teams-and-account.md 5): a segmentation is valid for a model only if its live segment
 * count equals the model's and every segment matches a model segment by title and value. Values are
 * unique on both sides, so equal counts and every segment matched make a one-to-one match. Titles are
 * compared as written, less surrounding spaces. Answers null when valid, else why not.
 */
export function trainingMismatch(segments: readonly Segment[], model: readonly Segment[]): string | null {
  if (segments.length !== model.length) return TRAINING_SEGMENT_COUNT(segments.length, model.length);
  const wanted = new Map(model.map((s) => [s.value, s.title.trim()]));
  const unmatched = segments.find((s) => wanted.get(s.value) !== s.title.trim());
  return unmatched ? TRAINING_SEGMENT_UNMATCHED(unmatched.title, unmatched.value) : null;
}

/**
 * A training's state from its job's: a cancelled training job is the spec's 'stopped'; a done one that
 * did not reach its model's least validation Dice is 'did_not_learn' (decision 0095), promoted or not.
 */
export function trainingState(job: AiJobState, learned: boolean | null = null): TrainingState {
  if (job === 'cancelled') return 'stopped';
  return job === 'done' && learned === false ? 'did_not_learn' : job;
}

/** Whether a training learned: its best validation Dice reached the model's threshold (decision 0095). */
export function hasLearned(bestValDice: number, minValDice: number): boolean {
  return bestValDice >= minValDice;
}

/** States a stop ends (the worker of a running one hears stop at its next call). */
export const STOPPABLE_STATES = ['created', 'queued', 'running'] as const satisfies readonly AiJobState[];

/** The curves with one epoch added: a repeated epoch (a worker retrying its report) replaces the earlier. */
export function withEpoch(metrics: readonly TrainingEpoch[], epoch: TrainingEpoch): TrainingEpoch[] {
  return [...metrics.filter((m) => m.epoch !== epoch.epoch), epoch].sort((a, b) => a.epoch - b.epoch);
}

/** The best validation Dice so far, null before the first epoch. */
export function bestValDice(metrics: readonly TrainingEpoch[]): number | null {
  return metrics.length ? Math.max(...metrics.map((m) => m.val_dice)) : null;
}

/** How far a training is: epochs reported over epochs asked (0 before its start says how many). */
export function trainingProgress(epochsDone: number, epochs: number | undefined): number {
  return epochs ? Math.min(1, epochsDone / epochs) : 0;
}

/** What can happen to a training: a user's start and stop, a worker's calls, a lease lapsing. */
export type TrainingEvent =
  | 'start'
  | 'lease'
  | 'epoch'
  | 'checkpoint'
  | 'finish'
  | 'finish-unlearned'
  | 'promote'
  | 'fail'
  | 'stop'
  | 'lapse'
  | 'lapse-last';

/**
 * The training's state machine: created -> queued (start) -> running (lease) -> done (finish) |
 * did_not_learn (finish under the model's least validation Dice) | failed (fail, or the last attempt's
 * lease lapsing) | stopped (stop, from any open state); a lapsed lease with attempts left queues it again.
 * Epochs and checkpoints keep it running; a promote keeps a training that did not learn as it was (with
 * its model now). Answers the next state, or null when the event is refused in that state (409).
 */
const MOVES: Record<TrainingState, Partial<Record<TrainingEvent, TrainingState>>> = {
  created: { start: 'queued', stop: 'stopped' },
  queued: { lease: 'running', stop: 'stopped' },
  running: {
    epoch: 'running',
    checkpoint: 'running',
    finish: 'done',
    'finish-unlearned': 'did_not_learn',
    fail: 'failed',
    stop: 'stopped',
    lapse: 'queued',
    'lapse-last': 'failed',
  },
  done: {},
  did_not_learn: { promote: 'did_not_learn' },
  failed: {},
  stopped: {},
};

export function nextTrainingState(state: TrainingState, event: TrainingEvent): TrainingState | null {
  return MOVES[state][event] ?? null;
}

export interface CheckpointMark {
  epoch: number;
  val_dice: number;
}

/** A checkpoint replaces the kept one only with a higher validation Dice (the first is always kept). */
export function isBetterCheckpoint(kept: CheckpointMark | null, candidate: CheckpointMark): boolean {
  return kept === null || candidate.val_dice > kept.val_dice;
}

/**
 * Why a checkpoint's runtime spec cannot run as a model of these segments, or null: its output channels
 * must be the background then each segment by ascending value, as the registry feeds every ONNX model.
 */
export function checkpointSpecProblem(
  spec: { segmentValues: readonly number[] },
  segments: readonly Segment[],
): string | null {
  const want = [0, ...segments.map((s) => s.value).sort((a, b) => a - b)];
  const same = want.length === spec.segmentValues.length && want.every((v, i) => spec.segmentValues[i] === v);
  return same
    ? null
    : `The spec's segment values must be [${want.join(', ')}] (background, then the model's).`;
}

/** The derived model's code: the parent's with the training's id, within the registry's 64 characters. */
export function derivedModelCode(parentCode: string, trainingId: number, attempt = 1): string {
  const suffix = `-t${trainingId}${attempt > 1 ? `-${attempt}` : ''}`;
  return `${parentCode.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** The derived model's name: the parent's, and which training made it, within 128 characters. */
export function derivedModelName(parentName: string, trainingId: number): string {
  const suffix = ` (training #${trainingId})`;
  return `${parentName.slice(0, 128 - suffix.length).trimEnd()}${suffix}`;
}
