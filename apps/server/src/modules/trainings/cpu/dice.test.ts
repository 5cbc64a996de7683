import { describe, expect, it } from 'vitest';
import { diceCounts, meanDice } from './dice';

describe('meanDice', () => {
  it('is 2|A∩B| / (|A| + |B|) per foreground class, averaged over the classes present', () => {
    // Class 1: predicted 2, expected 2, both 1 -> 0.5. Class 2: 1, 1, 1 -> 1. Class 3 absent: not counted.
    expect(meanDice([1, 1, 0, 2], [1, 0, 1, 2], 4)).toBeCloseTo(0.75, 10);
  });

  it('adds up over several calls as over one, and is 1 when no foreground is anywhere', () => {
    const counts = diceCounts(2);
    counts.add([1, 0], [1, 1]);
    counts.add([1], [0]);
    expect(counts.mean()).toBeCloseTo(meanDice([1, 0, 1], [1, 1, 0], 2), 10);
    expect(meanDice([0, 0], [0, 0], 2)).toBe(1);
  });
});
