import { describe, expect, it } from 'vitest';
import { clipSegment } from './clip-segment';

describe('clipSegment', () => {
  it('keeps a segment inside the box as it is', () => {
    expect(clipSegment([1, 1], [3, 2], [5, 5])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });
  it('cuts a segment at the cell borders of the box', () => {
    expect(clipSegment([-10, 2], [20, 2], [5, 5])).toEqual([
      [-0.5, 2],
      [4.5, 2],
    ]);
    const clipped = clipSegment([-1e12, 0, 0], [1e12, 0, 0], [512, 512, 300]);
    expect(clipped?.[0][0]).toBeCloseTo(-0.5, 0);
    expect(clipped?.[1][0]).toBeCloseTo(511.5, 0);
  });
  it('misses: outside, parallel outside, or not a number', () => {
    expect(clipSegment([-3, -3], [-1, 10], [5, 5])).toBeNull();
    expect(clipSegment([0, 7], [4, 7], [5, 5])).toBeNull();
    expect(clipSegment([0, NaN], [4, 1], [5, 5])).toBeNull();
  });
});
