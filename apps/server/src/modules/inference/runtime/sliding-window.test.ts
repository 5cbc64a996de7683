import { describe, expect, it } from 'vitest';
import type { Dims } from './series-volume';
import { extractPatch, gaussianWeights, windowGrid, windowStarts } from './sliding-window';

describe('windowStarts', () => {
  it('spreads windows evenly from the first voxel to the last, at most (1 - overlap) of a patch apart', () => {
    expect(windowStarts(244, 96, 0.5)).toEqual([0, 37, 74, 111, 148]);
    expect(windowStarts(96, 96, 0.5)).toEqual([0]);
    expect(windowStarts(40, 96, 0.5)).toEqual([0]);
    expect(windowStarts(200, 100, 0)).toEqual([0, 100]);
    expect(windowStarts(201, 100, 0)).toEqual([0, 51, 101]);
  });
});

describe('windowGrid', () => {
  it('lists windows z row by z row', () => {
    const grid = windowGrid([140, 96, 70], [96, 96, 48], 0.5);
    expect(grid).toEqual([
      [0, 0, 0],
      [44, 0, 0],
      [0, 0, 22],
      [44, 0, 22],
    ]);
  });
});

describe('gaussianWeights', () => {
  it('peaks at the centre, is symmetric and positive everywhere', () => {
    const patch: Dims = [8, 6, 4];
    const w = gaussianWeights(patch);
    const at = (x: number, y: number, z: number) => w[(z * 6 + y) * 8 + x] ?? NaN;
    expect(Math.max(...w)).toBe(at(3, 2, 1));
    expect(at(0, 0, 0)).toBeCloseTo(at(7, 5, 3), 12);
    expect(at(1, 2, 1)).toBeCloseTo(at(6, 3, 2), 12);
    expect(Math.min(...w)).toBeGreaterThan(0);
  });
});

describe('extractPatch', () => {
  it('copies the patch per channel (NCDHW) and fills what lies past the volume', () => {
    const dims: Dims = [3, 2, 2];
    const a = Float32Array.from({ length: 12 }, (_, i) => i);
    const b = Float32Array.from({ length: 12 }, (_, i) => 100 + i);
    const out = new Float32Array(2 * 2 * 2 * 2);
    extractPatch([a, b], dims, [2, 1, 1], [2, 2, 2], [-1, -2], out);
    // Only voxel (2, 1, 1) = index 11 lies inside.
    expect(Array.from(out)).toEqual([11, -1, -1, -1, -1, -1, -1, -1, 111, -2, -2, -2, -2, -2, -2, -2]);
  });
});
