import { describe, expect, it } from 'vitest';
import { gridMismatch, type NiftiGrid } from './label-grid';

const series: NiftiGrid = {
  dims: [3, 64, 64, 35, 1, 1, 1, 1],
  pixDims: [-1, 3, 3, 3.6, 0, 0, 0, 0],
  affine: [
    [-2.9, 0.39, 0.2, 90.5],
    [0.4, 2.97, -0.1, -110.25],
    [-0.2, 0.1, 3.59, -40],
    [0, 0, 0, 1],
  ],
  qform_code: 1,
  sform_code: 1,
};
const shifted = (row: number, col: number, by: number): NiftiGrid => ({
  ...series,
  affine: series.affine.map((r, i) => r.map((v, j) => (i === row && j === col ? v + by : v))),
});

describe('gridMismatch', () => {
  it('accepts the same grid, a 4D series’ first volume, and float32 noise', () => {
    expect(gridMismatch(series, series)).toBeNull();
    expect(gridMismatch(series, { ...series, dims: [4, 64, 64, 35, 10, 1, 1, 1] })).toBeNull();
    expect(gridMismatch({ ...series, dims: [4, 64, 64, 35, 1, 1, 1, 1] }, series)).toBeNull();
    expect(gridMismatch(shifted(0, 3, 2e-4), series)).toBeNull();
    expect(gridMismatch(shifted(1, 1, 1e-5), series)).toBeNull();
    expect(gridMismatch({ ...series, qform_code: 0, sform_code: 2 }, series)).toBeNull();
  });

  it('refuses another size, voxel size, place or orientation, with why', () => {
    expect(gridMismatch({ ...series, dims: [3, 64, 64, 34, 1, 1, 1, 1] }, series)).toBe(
      'The label map is 64 x 64 x 34 voxels; the series is 64 x 64 x 35.',
    );
    expect(gridMismatch({ ...series, pixDims: [-1, 3, 3, 3.61, 0, 0, 0, 0] }, series)).toBe(
      'The label map’s voxels are 3 x 3 x 3.61 mm; the series’ are 3 x 3 x 3.6 mm.',
    );
    const elsewhere = 'The label map lies elsewhere in space than the series (their affines differ).';
    expect(gridMismatch(shifted(2, 3, 0.01), series)).toBe(elsewhere);
    expect(gridMismatch(shifted(0, 1, 0.01), series)).toBe(elsewhere);
    expect(gridMismatch({ ...series, qform_code: 0, sform_code: 0 }, series)).toBe(
      'The label map has no orientation (its qform and sform codes are 0).',
    );
    expect(gridMismatch({ ...series, dims: [4, 64, 64, 35, 2, 1, 1, 1] }, series)).toBe(
      'The label map holds 2 volumes; one is expected.',
    );
  });
});
