import { describe, expect, it } from 'vitest';
import { removesMaskValue } from './segmentChanges';

describe('removesMaskValue', () => {
  it('removes the mask value only once a revision holds the segment', () => {
    expect(removesMaskValue({ revision: 0 })).toBe(false);
    expect(removesMaskValue({ revision: 1 })).toBe(true);
  });
});
