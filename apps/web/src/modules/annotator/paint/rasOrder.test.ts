import { describe, expect, it } from 'vitest';
import { fileAxisAlong, fileVoxel, rasIndex, rasOrder, toRasBitmap } from './rasOrder';

const dims = [4, 3, 2] as const;
/** File voxel (i, j, k) -> file index. */
const at = (i: number, j: number, k: number) => i + j * dims[0] + k * dims[0] * dims[1];

describe('rasOrder: file voxel order to NiiVue RAS order', () => {
  it('is the identity for a volume already in RAS order', () => {
    const order = rasOrder([1, 2, 3], dims);
    expect(order.rasDims).toEqual([4, 3, 2]);
    for (let i = 0; i < 24; i++) expect(rasIndex(order, dims, i)).toBe(i);
  });

  it('reverses a flipped axis (LPS-stored x and y, as DICOM-derived files often are)', () => {
    const order = rasOrder([-1, -2, 3], dims);
    // File (0,0,0) is the last x and last y in RAS: RAS (3, 2, 0).
    expect(rasIndex(order, dims, at(0, 0, 0))).toBe(3 + 2 * 4);
    expect(rasIndex(order, dims, at(3, 2, 1))).toBe(0 + 0 + 1 * 12);
    expect(fileVoxel(order, dims, [3, 2, 0])).toEqual([0, 0, 0]);
  });

  it('swaps axes: a coronal acquisition whose file z runs along RAS y', () => {
    // RAS x <- file x, RAS y <- file z, RAS z <- file y reversed.
    const order = rasOrder([1, 3, -2], dims);
    expect(order.rasDims).toEqual([4, 2, 3]);
    // File (1, 0, 1): RAS (1, 1, 2) -> 1 + 1*4 + 2*8.
    expect(rasIndex(order, dims, at(1, 0, 1))).toBe(1 + 4 + 16);
    expect(fileVoxel(order, dims, [1, 1, 2])).toEqual([1, 0, 1]);
    expect(fileAxisAlong(order, 2)).toBe(1);
    expect(fileAxisAlong(order, 1)).toBe(2);
  });

  it('lays out the whole mask so every voxel lands once, where rasIndex says', () => {
    const order = rasOrder([-2, 3, 1], dims);
    const labels = Uint16Array.from({ length: 24 }, (_, i) => i + 1);
    labels[5] = 300;
    const bitmap = toRasBitmap(order, dims, labels);
    for (let i = 0; i < 24; i++) expect(bitmap[rasIndex(order, dims, i)]).toBe(Math.min(255, labels[i]!));
    expect(new Set(Array.from({ length: 24 }, (_, i) => rasIndex(order, dims, i))).size).toBe(24);
  });
});
