import { describe, expect, it } from 'vitest';
import {
  axialPreviewPlan,
  axialPreviewSlice,
  fitRect,
  NIFTI1_HEADER_READ,
  previewRanges,
} from './axial-preview';
import { rasAxes } from './ras-axes';

interface Synthetic {
  dims: [number, number, number];
  /** sform rows (3 x 4), sform_code 1. */
  sform: number[][];
  pixDims?: [number, number, number];
  littleEndian?: boolean;
  slope?: number;
  inter?: number;
  /** [cal_min, cal_max] */
  cal?: [number, number];
}

/** Voxel (i, j, k) of the synthetic volumes holds i + 10 j + 100 k, int16. */
const valueAt = (i: number, j: number, k: number) => i + 10 * j + 100 * k;

/** A single-file NIfTI-1 (int16) with an sform, laid out as the standard says. */
function buildNifti({
  dims,
  sform,
  pixDims = [1, 1, 1],
  littleEndian = true,
  slope = 1,
  inter = 0,
  cal,
}: Synthetic) {
  const [nx, ny, nz] = dims;
  const buffer = new ArrayBuffer(NIFTI1_HEADER_READ + nx * ny * nz * 2);
  const view = new DataView(buffer);
  view.setInt32(0, 348, littleEndian);
  [3, nx, ny, nz, 1, 1, 1, 1].forEach((d, i) => view.setInt16(40 + 2 * i, d, littleEndian));
  view.setInt16(70, 4, littleEndian);
  view.setInt16(72, 16, littleEndian);
  [1, ...pixDims, 1, 1, 1, 1].forEach((p, i) => view.setFloat32(76 + 4 * i, p, littleEndian));
  view.setFloat32(108, NIFTI1_HEADER_READ, littleEndian);
  view.setFloat32(112, slope, littleEndian);
  view.setFloat32(116, inter, littleEndian);
  if (cal) {
    view.setFloat32(124, cal[1], littleEndian);
    view.setFloat32(128, cal[0], littleEndian);
  }
  view.setInt16(254, 1, littleEndian);
  sform.flat().forEach((v, i) => view.setFloat32(280 + 4 * i, v, littleEndian));
  new TextEncoder().encodeInto('n+1\0', new Uint8Array(buffer, 344, 4));
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        view.setInt16(NIFTI1_HEADER_READ + 2 * (i + nx * (j + ny * k)), valueAt(i, j, k), littleEndian);
  return buffer;
}

/** The plan from the header alone, and the slice from the planned bytes alone, as the viewer gets them. */
function preview(file: ArrayBuffer, radiological = false) {
  const plan = axialPreviewPlan(file.slice(0, NIFTI1_HEADER_READ));
  if (!plan) throw new Error('no plan');
  return { plan, slice: axialPreviewSlice(plan, file.slice(plan.start, plan.end), radiological) };
}
const rows = (slice: { width: number; values: Float32Array }) =>
  Array.from({ length: slice.values.length / slice.width }, (_, r) =>
    Array.from(slice.values.subarray(r * slice.width, (r + 1) * slice.width)),
  );

const IDENTITY = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
];

describe('rasAxes (NiiVue reorientation)', () => {
  it('keeps an RAS affine and flips the axes that run backwards', () => {
    expect(rasAxes([...IDENTITY, [0, 0, 0, 1]])).toEqual({
      fileAxis: [0, 1, 2],
      flipped: [false, false, false],
    });
    // dcm2niix's usual axial CT: x towards the left, y towards posterior, z up.
    const lps = [
      [-0.7, 0, 0, 0],
      [0, -0.7, 0, 0],
      [0, 0, 2.5, 0],
      [0, 0, 0, 1],
    ];
    expect(rasAxes(lps)).toEqual({ fileAxis: [0, 1, 2], flipped: [true, true, false] });
  });

  it('permutes the axes of a sagittal acquisition and of a tilted one', () => {
    // File x runs anterior, y superior, z left (a sagittal MR as dcm2niix writes it).
    const sagittal = [
      [0, 0, -1, 0],
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 1],
    ];
    expect(rasAxes(sagittal)).toEqual({ fileAxis: [2, 0, 1], flipped: [true, false, false] });
    // A 20 degree gantry tilt stays axial: each column still leans on its own axis most.
    const c = Math.cos(0.35);
    const s = Math.sin(0.35);
    const tilted = [
      [1, 0, 0, 0],
      [0, c, s, 0],
      [0, -s, c, 0],
      [0, 0, 0, 1],
    ];
    expect(rasAxes(tilted)).toEqual({ fileAxis: [0, 1, 2], flipped: [false, false, false] });
  });

  it('falls back to the identity, as NiiVue does, for an unusable affine', () => {
    expect(
      rasAxes([
        [0, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ]).fileAxis,
    ).toEqual([0, 1, 2]);
  });
});

describe('axial preview', () => {
  it('reads the middle slice, anterior on top, right on the right in the neurological convention', () => {
    const { plan, slice } = preview(buildNifti({ dims: [3, 2, 5], sform: IDENTITY }));
    expect([plan.width, plan.height, plan.slices]).toEqual([3, 2, 1]);
    expect(plan.start).toBe(NIFTI1_HEADER_READ + 2 * 3 * 2 * 2);
    expect(plan.end - plan.start).toBe(3 * 2 * 2);
    expect(rows(slice)).toEqual([
      [210, 211, 212],
      [200, 201, 202],
    ]);
    expect(rows(preview(buildNifti({ dims: [3, 2, 5], sform: IDENTITY }), true).slice)).toEqual([
      [212, 211, 210],
      [202, 201, 200],
    ]);
  });

  it('follows a non-identity affine: flipped, transposed in plane, scaled and big-endian', () => {
    // x towards the left and y towards posterior (LPS, as from DICOM), 0.5 x 2 mm voxels.
    const lps = [
      [-0.5, 0, 0, 10],
      [0, -2, 0, 20],
      [0, 0, 3, -5],
    ];
    const flipped = preview(buildNifti({ dims: [3, 2, 3], sform: lps, pixDims: [0.5, 2, 3] }));
    expect(flipped.plan.spacing).toEqual([0.5, 2]);
    expect(rows(flipped.slice)).toEqual([
      [102, 101, 100],
      [112, 111, 110],
    ]);
    // File x runs anterior and y right: the screen's columns come from y, its rows from x.
    const transposed = [
      [0, 1, 0, 0],
      [1, 0, 0, 0],
      [0, 0, 1, 0],
    ];
    const swapped = preview(
      buildNifti({ dims: [3, 2, 3], sform: transposed, littleEndian: false, slope: 2, inter: -1 }),
    );
    expect([swapped.plan.width, swapped.plan.height]).toEqual([2, 3]);
    expect(rows(swapped.slice)).toEqual([
      [203, 223],
      [201, 221],
      [199, 219],
    ]);
  });

  it('averages the two slices around the middle of an even depth, as NiiVue samples there', () => {
    const { plan, slice } = preview(buildNifti({ dims: [2, 1, 4], sform: IDENTITY }));
    expect(plan.slices).toBe(2);
    expect(Array.from(slice.values)).toEqual([150, 151]);
  });

  it('has no plan when the axial plane is not one byte range, nor for what is not NIfTI-1', () => {
    const coronal = [
      [1, 0, 0, 0],
      [0, 0, 1, 0],
      [0, 1, 0, 0],
    ];
    expect(
      axialPreviewPlan(buildNifti({ dims: [2, 2, 2], sform: coronal }).slice(0, NIFTI1_HEADER_READ)),
    ).toBeNull();
    expect(axialPreviewPlan(new ArrayBuffer(NIFTI1_HEADER_READ))).toBeNull();
    expect(axialPreviewPlan(new ArrayBuffer(10))).toBeNull();
  });

  it('takes the header window when set, else a robust range of the slice centre', () => {
    const calibrated = preview(buildNifti({ dims: [4, 4, 1], sform: IDENTITY, cal: [5, 25] }));
    expect(previewRanges(calibrated.plan, calibrated.slice)).toEqual({
      robust: { min: 5, max: 25 },
      full: { min: 0, max: 33 },
    });
    const plain = preview(buildNifti({ dims: [4, 4, 1], sform: IDENTITY }));
    expect(previewRanges(plain.plan, plain.slice).robust).toEqual({ min: 11, max: 22 });
  });
});

describe('fitRect', () => {
  it('fits a field of view whole and centred', () => {
    expect(fitRect({ width: 800, height: 400 }, { width: 200, height: 200 })).toEqual({
      x: 200,
      y: 0,
      width: 400,
      height: 400,
    });
    expect(fitRect({ width: 300, height: 600 }, { width: 100, height: 50 })).toEqual({
      x: 0,
      y: 225,
      width: 300,
      height: 150,
    });
  });
});
