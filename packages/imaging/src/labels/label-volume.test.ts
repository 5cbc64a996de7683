import { describe, expect, it } from 'vitest';
import {
  assertLabelValue,
  isInside,
  labelVolume,
  maxLabelValue,
  planeAxes,
  voxelIndex,
} from './label-volume';

describe('labelVolume', () => {
  it('accepts a mask whose length is the product of its dims', () => {
    const v = labelVolume(new Uint8Array(24), [2, 3, 4], [1, 1, 2.5]);
    expect(v.dims).toEqual([2, 3, 4]);
  });
  it('refuses a wrong length, bad dims or a spacing that is not positive', () => {
    expect(() => labelVolume(new Uint8Array(23), [2, 3, 4], [1, 1, 1])).toThrow(RangeError);
    expect(() => labelVolume(new Uint8Array(0), [0, 3, 4], [1, 1, 1])).toThrow(RangeError);
    expect(() => labelVolume(new Uint8Array(24), [2, 3, 4], [1, 0, 1])).toThrow(RangeError);
    expect(() => labelVolume(new Uint8Array(24), [2, 3, 4], [1, NaN, 1])).toThrow(RangeError);
  });
});

describe('voxel helpers', () => {
  it('orders voxels x fastest, as NIfTI does', () => {
    expect(voxelIndex([4, 5, 6], 1, 2, 3)).toBe(1 + 4 * (2 + 5 * 3));
  });
  it('names the in-plane axes of each slice, lower first', () => {
    expect(planeAxes(0)).toEqual([1, 2]);
    expect(planeAxes(1)).toEqual([0, 2]);
    expect(planeAxes(2)).toEqual([0, 1]);
  });
  it('tells inside from outside at the borders', () => {
    expect(isInside([4, 5, 6], [0, 0, 0])).toBe(true);
    expect(isInside([4, 5, 6], [3, 4, 5])).toBe(true);
    expect(isInside([4, 5, 6], [4, 0, 0])).toBe(false);
    expect(isInside([4, 5, 6], [0, -1, 0])).toBe(false);
  });
  it('bounds label values by the mask type', () => {
    expect(maxLabelValue(new Uint8Array(1))).toBe(255);
    expect(maxLabelValue(new Uint16Array(1))).toBe(65535);
    expect(() => assertLabelValue(new Uint8Array(1), 256)).toThrow(RangeError);
    expect(() => assertLabelValue(new Uint8Array(1), 1.5)).toThrow(RangeError);
    expect(() => assertLabelValue(new Uint16Array(1), 256)).not.toThrow();
  });
});
