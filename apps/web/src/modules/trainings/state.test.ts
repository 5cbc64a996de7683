import { describe, expect, it } from 'vitest';
import { diceText, isOpen, pollWhileOpen, POLL_MS } from './state';

describe('training states', () => {
  it('polls while one is open and stops once all ended', () => {
    expect(pollWhileOpen(['done', 'running'])).toBe(POLL_MS);
    expect(pollWhileOpen(['done', 'stopped', 'failed'])).toBe(false);
    expect(pollWhileOpen(undefined)).toBe(false);
    expect(isOpen('created')).toBe(true);
    expect(isOpen('stopped')).toBe(false);
  });

  it('shows a Dice with two decimals', () => {
    expect(diceText(0.8234)).toBe('0.82');
    expect(diceText(null)).toBe('—');
  });
});
