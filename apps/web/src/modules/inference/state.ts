import type { Inference, InferenceBatch, InferenceState } from '@voxa/contracts';

/** While an inference shown is not ended, its page asks again this often (ms). */
export const POLL_MS = 3000;

const ENDED: readonly InferenceState[] = ['done', 'failed', 'cancelled'];
const OPEN_STATES: readonly InferenceState[] = ['created', 'queued', 'running'];

export const isEnded = (state: InferenceState): boolean => ENDED.includes(state);

export const STATE_COLOURS: Record<InferenceState, string> = {
  created: 'gray',
  queued: 'yellow',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** A state as the badge says it; a running one with its progress in whole percent. */
export function stateText(inference: Pick<Inference, 'state' | 'progress'>): string {
  if (inference.state !== 'running') return inference.state;
  const percent = Math.round(Math.min(1, Math.max(0, inference.progress)) * 100);
  return `running ${percent}%`;
}

/** The polling rule: poll while any of these is not ended, else stop (false, as TanStack Query takes it). */
export function pollWhileRunning(states: readonly InferenceState[] | undefined): number | false {
  return states?.some((state) => !isEnded(state)) ? POLL_MS : false;
}

/** A batch still has work: one of its inferences is created, queued or running. */
export const batchOpen = (batch: { counts: Partial<InferenceBatch['counts']> }): boolean =>
  OPEN_STATES.some((state) => (batch.counts[state] ?? 0) > 0);
