import { describe, expect, it } from 'vitest';
import { fillSlice, fillVolume } from './flood-fill';
import { voxelIndex, type LabelVolume, type Vec3 } from './label-volume';
import { blankVolume, countOf, getVoxel, setVoxel, voxelsOf } from './test-volume';
import { eraseRule, paintRule } from './write-rule';

/** A ring of `value` in slice z: the square outline from (1,1) to (size-2,size-2). */
function ring(v: LabelVolume, z: number, size: number, value: number): void {
  for (let k = 1; k <= size - 2; k++) {
    for (const p of [
      [k, 1],
      [k, size - 2],
      [1, k],
      [size - 2, k],
    ] as const)
      setVoxel(v, [p[0], p[1], z], value);
  }
}

describe('fillSlice without intensity: the seed label region', () => {
  it('fills the inside of a ring, in that slice only', () => {
    const v = blankVolume([8, 8, 3]);
    ring(v, 1, 8, 5);
    const change = fillSlice(v, [3, 3, 1], 2, paintRule(v.data, 1));
    expect(countOf(v, 1)).toBe(16);
    expect(change.indices.length).toBe(16);
    expect(voxelsOf(v, 1).every((k) => k.endsWith(',1'))).toBe(true);
    expect(countOf(v, 5)).toBe(20);
  });

  it('is 4-connected: a diagonal gap does not let it through', () => {
    const v = blankVolume([5, 5, 1]);
    // A diagonal wall from (0,4) to (4,0) splits the slice.
    for (let k = 0; k < 5; k++) setVoxel(v, [k, 4 - k, 0], 9);
    fillSlice(v, [0, 0, 0], 2, paintRule(v.data, 1));
    expect(voxelsOf(v, 1)).toEqual([
      '0,0,0',
      '0,1,0',
      '0,2,0',
      '0,3,0',
      '1,0,0',
      '1,1,0',
      '1,2,0',
      '2,0,0',
      '2,1,0',
      '3,0,0',
    ]);
  });

  it('fills the whole slice across each axis, reaching every border', () => {
    for (const axis of [0, 1, 2] as const) {
      const v = blankVolume([4, 5, 6]);
      const seed: [number, number, number] = [1, 2, 3];
      fillSlice(v, seed, axis, paintRule(v.data, 1));
      const planeSize = (4 * 5 * 6) / v.dims[axis];
      expect(countOf(v, 1)).toBe(planeSize);
      expect(voxelsOf(v, 1).every((k) => Number(k.split(',')[axis]) === seed[axis])).toBe(true);
    }
  });

  it('replaces another label region with the value (and leaves the rest)', () => {
    const v = blankVolume([6, 6, 1]);
    for (let x = 0; x < 6; x++) setVoxel(v, [x, 2, 0], 3);
    fillSlice(v, [5, 2, 0], 2, paintRule(v.data, 4));
    expect(countOf(v, 4)).toBe(6);
    expect(countOf(v, 3)).toBe(0);
    expect(countOf(v, 0)).toBe(30);
  });

  it('changes nothing when the seed already holds the value, or lies outside the volume', () => {
    const v = blankVolume([4, 4, 1]);
    v.data.fill(2);
    expect(fillSlice(v, [1, 1, 0], 2, paintRule(v.data, 2)).indices.length).toBe(0);
    expect(fillSlice(v, [4, 1, 0], 2, paintRule(v.data, 1)).indices.length).toBe(0);
    expect(fillSlice(v, [1, 1, -1], 2, paintRule(v.data, 1)).indices.length).toBe(0);
    expect(countOf(v, 2)).toBe(16);
  });

  it('fills nothing from a voxel of a locked or (preserveOthers) other label', () => {
    const v = blankVolume([4, 4, 1]);
    v.data.fill(3);
    expect(fillSlice(v, [1, 1, 0], 2, paintRule(v.data, 1, { preserveOthers: true })).indices.length).toBe(0);
    expect(fillSlice(v, [1, 1, 0], 2, paintRule(v.data, 1, { locked: [3] })).indices.length).toBe(0);
  });

  it('erases the connected region of the active value', () => {
    const v = blankVolume([6, 1, 1]);
    v.data.set([1, 1, 0, 1, 2, 1]);
    fillSlice(v, [0, 0, 0], 2, eraseRule(v.data, 1));
    expect([...v.data]).toEqual([0, 0, 0, 1, 2, 1]);
  });
});

describe('fillSlice and fillVolume within an intensity range', () => {
  /** Intensity 100 in the ball of radius 3 around (5,5,5), -50 elsewhere. */
  function ballIntensity(v: LabelVolume) {
    const intensity = new Int16Array(v.data.length).fill(-50);
    for (let z = 0; z < v.dims[2]; z++)
      for (let y = 0; y < v.dims[1]; y++)
        for (let x = 0; x < v.dims[0]; x++)
          if ((x - 5) ** 2 + (y - 5) ** 2 + (z - 5) ** 2 <= 9) intensity[voxelIndex(v.dims, x, y, z)] = 100;
    return intensity;
  }

  it('fills the ball in 3D and its disc in 2D, bounds included', () => {
    const v = blankVolume([11, 11, 11]);
    const intensity = ballIntensity(v);
    const ball = intensity.filter((i) => i === 100).length;
    fillSlice(v, [5, 5, 5], 2, paintRule(v.data, 2), { intensity, lo: 100, hi: 100 });
    expect(countOf(v, 2)).toBe(29);
    const change = fillVolume(v, [5, 5, 5], paintRule(v.data, 1), { intensity, lo: 50, hi: 100 });
    expect(countOf(v, 1)).toBe(ball);
    expect(change.indices.length).toBe(ball);
  });

  it('fills nothing when the seed is out of range', () => {
    const v = blankVolume([11, 11, 11]);
    const change = fillVolume(v, [0, 0, 0], paintRule(v.data, 1), {
      intensity: ballIntensity(v),
      lo: 0,
      hi: 200,
    });
    expect(change.indices.length).toBe(0);
  });

  it('passes through voxels already painted, recording only the others', () => {
    const v = blankVolume([11, 11, 11]);
    const intensity = ballIntensity(v);
    // A painted plane through the ball: the fill must cross it to reach the far half.
    for (let y = 0; y < 11; y++) for (let x = 0; x < 11; x++) setVoxel(v, [x, y, 5], 1);
    const change = fillVolume(v, [5, 5, 3], paintRule(v.data, 1), { intensity, lo: 100, hi: 100 });
    expect(change.indices.length).toBe(intensity.filter((i) => i === 100).length - 29);
    expect(getVoxel(v, [5, 5, 7])).toBe(1);
  });

  it('stops at another label with preserveOthers, and at a locked label', () => {
    for (const rule of [
      (v: LabelVolume) => paintRule(v.data, 1, { preserveOthers: true }),
      (v: LabelVolume) => paintRule(v.data, 1, { locked: [4] }),
    ]) {
      const v = blankVolume([11, 11, 11]);
      const intensity = ballIntensity(v);
      for (let y = 0; y < 11; y++) for (let x = 0; x < 11; x++) setVoxel(v, [x, y, 5], 4);
      fillVolume(v, [5, 5, 3], rule(v), { intensity, lo: 100, hi: 100 });
      expect(getVoxel(v, [5, 5, 7])).toBe(0);
      expect(getVoxel(v, [5, 5, 4])).toBe(1);
      expect(countOf(v, 4)).toBe(121);
    }
  });

  it('is 6-connected: cubes touching only at an edge stay apart', () => {
    const v = blankVolume([4, 4, 4]);
    const intensity = new Float32Array(64);
    for (const [x, y, z] of [
      [0, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
      [1, 0, 1],
      [2, 1, 0],
      [2, 1, 1],
    ] as Vec3[])
      intensity[voxelIndex(v.dims, x, y, z)] = 0.5;
    fillVolume(v, [0, 0, 0], paintRule(v.data, 1), { intensity, lo: 0.25, hi: 0.75 });
    expect(countOf(v, 1)).toBe(4);
  });

  it('refuses an intensity volume of another size', () => {
    const v = blankVolume([4, 4, 4]);
    expect(() =>
      fillVolume(v, [0, 0, 0], paintRule(v.data, 1), { intensity: new Int16Array(10), lo: 0, hi: 1 }),
    ).toThrow(RangeError);
  });

  it('fills millions of voxels along a winding path without recursion', () => {
    // A serpentine corridor in every slice, joined slice to slice at alternating ends: a long, thin region.
    const dims: Vec3 = [256, 256, 40];
    const v = blankVolume(dims, [0.5, 0.5, 1]);
    const intensity = new Uint8Array(v.data.length);
    for (let z = 0; z < dims[2]; z++)
      for (let y = 0; y < dims[1]; y++)
        for (let x = 0; x < dims[0]; x++) {
          const open = y % 2 === 0 || x === ((y >> 1) % 2 === 0 ? 255 : 0);
          if (open) intensity[voxelIndex(dims, x, y, z)] = 1;
        }
    const expectedCount = intensity.reduce((n, i) => n + i, 0);
    const change = fillVolume(v, [0, 0, 0], paintRule(v.data, 7), { intensity, lo: 1, hi: 1 });
    expect(change.indices.length).toBe(expectedCount);
    expect(countOf(v, 7)).toBe(expectedCount);
  });
});
