import type { TrainingState } from '@voxa/contracts';

/** While a training shown is open, its page asks again this often (ms): the curves grow live. */
export const POLL_MS = 3000;

const OPEN: readonly TrainingState[] = ['created', 'queued', 'running'];

export const isOpen = (state: TrainingState): boolean => OPEN.includes(state);

export const STATE_COLOURS: Record<TrainingState, string> = {
  created: 'gray',
  queued: 'yellow',
  running: 'blue',
  done: 'green',
  did_not_learn: 'orange',
  failed: 'red',
  stopped: 'gray',
};

/** A state as its badge writes it: the API's words, did_not_learn in words (decision 0095). */
export const stateText = (state: TrainingState): string => state.replaceAll('_', ' ');

/** Poll while any shown training is open, else stop (false, as TanStack Query takes it). */
export function pollWhileOpen(states: readonly TrainingState[] | undefined): number | false {
  return states?.some(isOpen) ? POLL_MS : false;
}

/**
 * A Dice as shown: two decimals, a dash before the first epoch; one under 0.01 with four, so a training
 * that learned nothing does not read 0.00 beside a threshold (decision 0095).
 */
export const diceText = (dice: number | null): string =>
  dice === null ? '—' : dice.toFixed(dice > 0 && dice < 0.01 ? 4 : 2);

/** The epoch with the highest validation Dice (the first of equals), or null before the first. */
export function bestEpoch<T extends { epoch: number; val_dice: number }>(metrics: readonly T[]): T | null {
  return metrics.reduce<T | null>(
    (best, m) => (best === null || m.val_dice > best.val_dice ? m : best),
    null,
  );
}
