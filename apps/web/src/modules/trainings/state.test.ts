import { describe, expect, it } from 'vitest';
import { bestEpoch, diceText, isOpen, pollWhileOpen, POLL_MS, stateText } from './state';

describe('training states', () => {
  it('polls while one is open and stops once all ended', () => {
    expect(pollWhileOpen(['done', 'running'])).toBe(POLL_MS);
    expect(pollWhileOpen(['done', 'stopped', 'failed'])).toBe(false);
    expect(pollWhileOpen(undefined)).toBe(false);
    expect(isOpen('created')).toBe(true);
    expect(isOpen('stopped')).toBe(false);
    expect(isOpen('did_not_learn')).toBe(false);
    expect(pollWhileOpen(['did_not_learn'])).toBe(false);
  });

  it('writes did_not_learn in words, the other states as they are', () => {
    expect(stateText('did_not_learn')).toBe('did not learn');
    expect(stateText('stopped')).toBe('stopped');
  });

  it('shows a Dice with two decimals', () => {
    expect(diceText(0.8234)).toBe('0.82');
    expect(diceText(null)).toBe('—');
    expect(diceText(0.0015)).toBe('0.0015');
    expect(diceText(0)).toBe('0.00');
  });

  it('finds the best epoch by validation Dice, the first of equals', () => {
    const at = (epoch: number, val_dice: number) => ({ epoch, val_dice });
    expect(bestEpoch([at(1, 0.2), at(2, 0.7), at(3, 0.7), at(4, 0.5)])).toEqual(at(2, 0.7));
    expect(bestEpoch([])).toBeNull();
  });
});
