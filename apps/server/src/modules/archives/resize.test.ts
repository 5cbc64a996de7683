import { describe, expect, it } from 'vitest';
import { resizeRgba } from './resize';

const grey = (values: number[]) => new Uint8Array(values.flatMap((v) => [v, v, v, 255]));
const greys = (rgba: Uint8Array) => [...rgba].filter((_, i) => i % 4 === 0);

describe('resizeRgba', () => {
  it('gives the same pixels at the same size', () => {
    const pixels = grey([1, 2, 3, 4]);
    expect([...resizeRgba(pixels, 2, 2, 2, 2)]).toEqual([...pixels]);
  });

  it('interpolates between pixel centres when stretching, and keeps the corners', () => {
    // 2x1 -> 4x1: centres at 0.25, 0.75 of the way between the two source pixels (clamped at the ends).
    expect(greys(resizeRgba(grey([0, 200]), 2, 1, 4, 1))).toEqual([0, 50, 150, 200]);
  });

  it('averages neighbours when shrinking, keeping opacity', () => {
    const out = resizeRgba(grey([0, 100, 200, 100]), 2, 2, 1, 1);
    expect([...out]).toEqual([100, 100, 100, 255]);
  });
});
