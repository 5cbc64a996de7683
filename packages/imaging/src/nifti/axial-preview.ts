import * as nifti from 'nifti-reader-js';
import { NIFTI_VOXEL_READERS } from '../pixels/nifti-slice';
import { rasAxes, type RasAxes } from './ras-axes';

/** What a viewer reads of a NIfTI-1 file first: its 348-byte header and the 4 extension bytes. */
export const NIFTI1_HEADER_READ = 352;

const RGB24 = 128;
const RGBA32 = 2304;

/**
 * Where the middle axial slice of a NIfTI-1 file lies and how to read it, from the header alone: the
 * slice a viewer shows first (NiiVue's crosshair starts at the volume's centre), drawn before the rest of
 * the volume is there.
 */
export interface AxialPreviewPlan {
  /** File bytes [start, end) of the middle slice, or of the two around the middle when they are even. */
  start: number;
  end: number;
  /** Columns (along right-left) and rows (along anterior-posterior) of the slice on screen. */
  width: number;
  height: number;
  /** Millimetres of a column and of a row. */
  spacing: [number, number];
  /** The header's cal_min/cal_max when set (NiiVue opens on them). */
  calibrated: { min: number; max: number } | null;
  fileDims: [number, number, number];
  axes: RasAxes;
  datatypeCode: number;
  littleEndian: boolean;
  slope: number;
  intercept: number;
  /** File slices in [start, end): 1, or 2 whose mean is the middle (NiiVue samples between them). */
  slices: 1 | 2;
}

/** A grey slice in screen order: first row on top (anterior), values scaled by scl_slope/inter. */
export interface PreviewSlice {
  kind: 'gray';
  width: number;
  height: number;
  values: Float32Array;
}

/**
 * The plan of a NIfTI-1 header's middle axial slice; null when no single byte range holds it (the file's
 * third axis does not run head to foot, as in a sagittal acquisition), for colour voxels, NIfTI-2 or a
 * header that cannot be read: the viewer then shows its loader alone.
 */
export function axialPreviewPlan(header: ArrayBuffer): AxialPreviewPlan | null {
  if (header.byteLength < NIFTI1_HEADER_READ || !nifti.isNIFTI1(header)) return null;
  let raw: nifti.NIFTI1 | nifti.NIFTI2;
  try {
    raw = nifti.readHeader(header);
  } catch {
    return null;
  }
  const reader = NIFTI_VOXEL_READERS[raw.datatypeCode];
  if (!reader || raw.datatypeCode === RGB24 || raw.datatypeCode === RGBA32) return null;
  const fileDims = [1, 2, 3].map((a) => Math.max(1, raw.dims[a] ?? 1)) as [number, number, number];
  const axes = rasAxes(raw.affine);
  if (axes.fileAxis[2] !== 2) return null;
  const [nx, ny, nz] = fileDims;
  const sliceBytes = nx * ny * reader.bytes;
  const first = Math.floor((nz - 1) / 2);
  const last = Math.ceil((nz - 1) / 2);
  const spacingOf = (ras: 0 | 1) => Math.abs(raw.pixDims[axes.fileAxis[ras] + 1] ?? 1) || 1;
  // NIfTI: a zero slope means no scaling.
  const scaled = Number.isFinite(raw.scl_slope) && raw.scl_slope !== 0;
  const { cal_min: low, cal_max: high } = raw;
  return {
    start: raw.vox_offset + first * sliceBytes,
    end: raw.vox_offset + (last + 1) * sliceBytes,
    width: fileDims[axes.fileAxis[0]],
    height: fileDims[axes.fileAxis[1]],
    spacing: [spacingOf(0), spacingOf(1)],
    calibrated: Number.isFinite(low) && Number.isFinite(high) && high > low ? { min: low, max: high } : null,
    fileDims,
    axes,
    datatypeCode: raw.datatypeCode,
    littleEndian: raw.littleEndian,
    slope: scaled ? raw.scl_slope : 1,
    intercept: scaled && Number.isFinite(raw.scl_inter) ? raw.scl_inter : 0,
    slices: first === last ? 1 : 2,
  };
}

/**
 * The planned slice from the bytes of its range, as NiiVue's axial pane shows it: anterior on top, and
 * the patient's right on the screen's left only in the radiological convention.
 */
export function axialPreviewSlice(
  plan: AxialPreviewPlan,
  slab: ArrayBuffer,
  radiological: boolean,
): PreviewSlice {
  const reader = NIFTI_VOXEL_READERS[plan.datatypeCode]!;
  const { width, height, fileDims, axes, slices } = plan;
  const sliceVoxels = fileDims[0] * fileDims[1];
  if (slab.byteLength < slices * sliceVoxels * reader.bytes)
    throw new RangeError('The slice bytes are short.');
  const view = new DataView(slab);
  const values = new Float32Array(width * height);
  // File index along the axis that runs across the screen (RAS x) and down it (RAS y).
  const fileIndex = (ras: 0 | 1, index: number) => {
    const n = fileDims[axes.fileAxis[ras]];
    return axes.flipped[ras] ? n - 1 - index : index;
  };
  const stride = [1, fileDims[0]];
  const strideX = stride[axes.fileAxis[0]]!;
  const strideY = stride[axes.fileAxis[1]]!;
  for (let row = 0; row < height; row++) {
    const rowOffset = fileIndex(1, height - 1 - row) * strideY;
    for (let column = 0; column < width; column++) {
      const voxel = rowOffset + fileIndex(0, radiological ? width - 1 - column : column) * strideX;
      let sum = 0;
      for (let s = 0; s < slices; s++)
        sum += reader.read(view, (s * sliceVoxels + voxel) * reader.bytes, plan.littleEndian);
      values[row * width + column] = (sum / slices) * plan.slope + plan.intercept;
    }
  }
  return { kind: 'gray', width, height, values };
}

const PERCENTILE = 0.02;

/**
 * The slice's ranges, standing in for the volume's until it is read: its full range, and a robust one as
 * NiiVue takes it (the header's cal_min/cal_max when set, else the 2nd to 98th percentile of the central
 * half, where NiiVue looks in 3D).
 */
export function previewRanges(
  plan: AxialPreviewPlan,
  slice: PreviewSlice,
): { robust: { min: number; max: number }; full: { min: number; max: number } } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of slice.values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const full = Number.isFinite(min) ? { min, max } : { min: 0, max: 0 };
  if (plan.calibrated) return { robust: plan.calibrated, full };
  const central: number[] = [];
  const [x0, y0] = [Math.floor(slice.width / 4), Math.floor(slice.height / 4)];
  for (let y = y0; y < slice.height - y0; y++)
    for (let x = x0; x < slice.width - x0; x++) {
      const v = slice.values[y * slice.width + x]!;
      if (!Number.isNaN(v)) central.push(v);
    }
  if (central.length === 0) return { robust: full, full };
  central.sort((a, b) => a - b);
  const at = (fraction: number) => central[Math.round(fraction * (central.length - 1))]!;
  return { robust: { min: at(PERCENTILE), max: at(1 - PERCENTILE) }, full };
}

/** Where a field of view (mm) lands in a box (pixels) when fitted whole and centred, as NiiVue's panes do. */
export function fitRect(
  box: { width: number; height: number },
  fov: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(box.width / fov.width, box.height / fov.height);
  const width = fov.width * scale;
  const height = fov.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}
