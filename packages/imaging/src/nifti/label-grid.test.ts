import { describe, expect, it } from 'vitest';
import { gridMismatch, voxelSizes, type NiftiGrid } from './label-grid';

const series: NiftiGrid = {
  dims: [3, 64, 64, 35, 1, 1, 1, 1],
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

  it('takes voxel sizes from the affine, so a sheared one (a gantry-tilted CT) fits itself', () => {
    // dcm2niix v1.0.20220720's GE tilted CT: pixdim says 0.4883 x 0.4883 x 4.0019, the sform's columns
    // are 0.4883, 0.5377 and 3.7951 mm long; a worker writing on the sform gets those as pixdim.
    const tilted: NiftiGrid = {
      dims: [3, 512, 512, 28, 1, 1, 1, 1],
      affine: [
        [-0.488281, 0, 0, 125],
        [0, 0.514889, 0, -113.07737],
        [0, 0.154934, 3.795121, -73.335167],
        [0, 0, 0, 1],
      ],
      qform_code: 1,
      sform_code: 1,
    };
    expect(voxelSizes(tilted).map((v) => Number(v.toFixed(4)))).toEqual([0.4883, 0.5377, 3.7951]);
    expect(gridMismatch({ ...tilted, qform_code: 0, sform_code: 2 }, tilted)).toBeNull();
  });

  it('refuses another size, voxel size, place or orientation, with why', () => {
    expect(gridMismatch({ ...series, dims: [3, 64, 64, 34, 1, 1, 1, 1] }, series)).toBe(
      'The label map is 64 x 64 x 34 voxels; the series is 64 x 64 x 35.',
    );
    const thicker = { ...series, affine: series.affine.map((r) => [r[0], r[1], (r[2] ?? 0) * 1.01, r[3]]) };
    expect(gridMismatch(thicker as NiftiGrid, series)).toBe(
      'The label map’s voxels are 2.9343 x 2.9972 x 3.6329 mm; the series’ are 2.9343 x 2.9972 x 3.597 mm.',
    );
    const elsewhere = 'The label map lies elsewhere in space than the series (their affines differ).';
    expect(gridMismatch(shifted(2, 3, 0.01), series)).toBe(elsewhere);
    // Mirrored along x: the same voxel sizes, another orientation.
    const mirrored = {
      ...series,
      affine: series.affine.map((r, i) => (i < 3 ? [-(r[0] ?? 0), ...r.slice(1)] : r)),
    };
    expect(gridMismatch(mirrored, series)).toBe(elsewhere);
    expect(gridMismatch({ ...series, qform_code: 0, sform_code: 0 }, series)).toBe(
      'The label map has no orientation (its qform and sform codes are 0).',
    );
    expect(gridMismatch({ ...series, dims: [4, 64, 64, 35, 2, 1, 1, 1] }, series)).toBe(
      'The label map holds 2 volumes; one is expected.',
    );
  });
});
