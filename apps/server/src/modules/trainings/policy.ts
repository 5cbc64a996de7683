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

/** A training's state from its job's: a cancelled training job is the spec's 'stopped'. */
export function trainingState(job: AiJobState): TrainingState {
  return job === 'cancelled' ? 'stopped' : job;
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
