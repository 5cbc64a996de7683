import { describe, expect, it } from 'vitest';
import { frameAt } from './slideshow';

describe('frameAt', () => {
  it('splits the width evenly between the frames', () => {
    expect([0, 19, 20, 59, 60, 99].map((x) => frameAt(x, 100, 5))).toEqual([0, 0, 1, 2, 3, 4]);
  });
  it('clamps outside the image and copes with one frame or none', () => {
    expect(frameAt(-5, 100, 5)).toBe(0);
    expect(frameAt(100, 100, 5)).toBe(4);
    expect(frameAt(50, 100, 1)).toBe(0);
    expect(frameAt(50, 100, 0)).toBe(0);
    expect(frameAt(50, 0, 5)).toBe(0);
  });
});
