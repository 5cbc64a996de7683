import type * as nifti from 'nifti-reader-js';
import { parseNifti, type ParsedNifti } from '../nifti/read-header';
import type { FrameFailure, PixelFrame } from './pixel-frame';

/** The first volume of a NIfTI file, kept as bytes so slices are read one at a time (volumes can be large). */
export interface NiftiVolume {
  width: number;
  height: number;
  slices: number;
  /** In-plane voxel sizes (columns, rows). */
  spacing: [number, number];
  /** cal_min/cal_max when the file sets a usable pair. */
  calibratedRange: [number, number] | null;
  datatypeCode: number;
  voxel: (index: number) => number;
  /** Byte offset of voxel `index`, for colour types read byte by byte. */
  byteOffset: (index: number) => number;
  view: DataView;
}

export type NiftiVolumeResult = { ok: true; volume: NiftiVolume } | FrameFailure;

const RGB24 = 128;
const RGBA32 = 2304;

type Reader = (view: DataView, offset: number, littleEndian: boolean) => number;
/** How one voxel of each NIfTI datatype is read (colour types byte by byte). */
export const NIFTI_VOXEL_READERS: Readonly<Record<number, { bytes: number; read: Reader }>> = {
  2: { bytes: 1, read: (v, o) => v.getUint8(o) },
  4: { bytes: 2, read: (v, o, le) => v.getInt16(o, le) },
  8: { bytes: 4, read: (v, o, le) => v.getInt32(o, le) },
  16: { bytes: 4, read: (v, o, le) => v.getFloat32(o, le) },
  64: { bytes: 8, read: (v, o, le) => v.getFloat64(o, le) },
  256: { bytes: 1, read: (v, o) => v.getInt8(o) },
  512: { bytes: 2, read: (v, o, le) => v.getUint16(o, le) },
  768: { bytes: 4, read: (v, o, le) => v.getUint32(o, le) },
  [RGB24]: { bytes: 3, read: (v, o) => v.getUint8(o) },
  [RGBA32]: { bytes: 4, read: (v, o) => v.getUint8(o) },
};

function calibratedRange(raw: nifti.NIFTI1 | nifti.NIFTI2): [number, number] | null {
  const { cal_min: low, cal_max: high } = raw;
  return Number.isFinite(low) && Number.isFinite(high) && high > low ? [low, high] : null;
}

/** How a voxel of a parsed file is stored: its size and its value at a byte offset, scaled (scl_slope/inter). */
export interface NiftiVoxelDecoder {
  bytes: number;
  value: (view: DataView, offset: number) => number;
}

/** The decoder of a parsed file's voxels, or null for a datatype it does not read. */
export function niftiVoxelDecoder(parsed: Extract<ParsedNifti, { ok: true }>): NiftiVoxelDecoder | null {
  const { header, raw } = parsed;
  const reader = NIFTI_VOXEL_READERS[header.datatypeCode];
  if (!reader) return null;
  // scl_slope 0 means "no scaling" in NIfTI.
  const slope = Number.isFinite(raw.scl_slope) && raw.scl_slope !== 0 ? raw.scl_slope : 1;
  const intercept = Number.isFinite(raw.scl_inter) && raw.scl_slope !== 0 ? raw.scl_inter : 0;
  return {
    bytes: reader.bytes,
    value: (view, offset) => reader.read(view, offset, header.littleEndian) * slope + intercept,
  };
}

/** Reads the header and keeps the bytes of a .nii or .nii.gz; voxel values come out scaled (scl_slope/inter). */
export function readNiftiVolume(bytes: ArrayBuffer): NiftiVolumeResult {
  const parsed = parseNifti(bytes);
  if (!parsed.ok) return { ok: false, reason: 'error', error: parsed.error };
  const { header, raw, data } = parsed;
  const decoder = niftiVoxelDecoder(parsed);
  if (!decoder) return { ok: false, reason: 'no-image', error: `NIfTI datatype ${header.datatypeCode}` };
  const view = new DataView(data);
  const start = raw.vox_offset;
  const byteOffset = (index: number) => start + index * decoder.bytes;
  const [, columnSpacing = 1, rowSpacing = 1] = header.pixDims;
  return {
    ok: true,
    volume: {
      width: header.width,
      height: header.height,
      slices: header.slices,
      spacing: [Math.abs(columnSpacing) || 1, Math.abs(rowSpacing) || 1],
      calibratedRange: calibratedRange(raw),
      datatypeCode: header.datatypeCode,
      voxel: (index) => decoder.value(view, byteOffset(index)),
      byteOffset,
      view,
    },
  };
}

/**
 * Slice `z` of the first volume, first row on top: NIfTI stores rows bottom-up (its y axis points to
 * anterior or superior), so row 0 of the file is the last displayed row.
 */
export function niftiSlice(volume: NiftiVolume, z: number): PixelFrame {
  const { width, height, datatypeCode, view } = volume;
  const first = z * width * height;
  const sourceIndex = (x: number, y: number) => first + (height - 1 - y) * width + x;
  if (datatypeCode === RGB24 || datatypeCode === RGBA32) {
    const rgb = new Uint8ClampedArray(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = volume.byteOffset(sourceIndex(x, y));
        const target = 3 * (y * width + x);
        for (let c = 0; c < 3; c++) rgb[target + c] = view.getUint8(offset + c);
      }
    }
    return { kind: 'rgb', width, height, rgb };
  }
  const values = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) values[y * width + x] = volume.voxel(sourceIndex(x, y));
  }
  return { kind: 'gray', width, height, values };
}

const RANGE_SAMPLES = 65_536;

/** Every how many voxels the display range takes one (the voxels at multiples of it are its sample). */
export function rangeSampleStep(voxels: number): number {
  return Math.max(1, Math.floor(voxels / RANGE_SAMPLES));
}

/**
 * The grey range to show a NIfTI file with, which has no window of its own: cal_min/cal_max when set,
 * else the 1st to 99th percentile of (a sample of) the first volume, so a few outliers do not wash it out.
 * `sampled` is that sample's range when the caller read it already (`sampleDisplayRange`).
 */
export function niftiDisplayRange(volume: NiftiVolume, sampled?: [number, number] | null): [number, number] {
  if (volume.calibratedRange) return volume.calibratedRange;
  if (sampled) return sampled;
  const voxels = volume.width * volume.height * volume.slices;
  const step = rangeSampleStep(voxels);
  const sample: number[] = [];
  for (let index = 0; index < voxels; index += step) sample.push(volume.voxel(index));
  return sampleDisplayRange(sample);
}

/** The 1st to 99th percentile of the values of a range sample (`rangeSampleStep`), its non-finite ones left out. */
export function sampleDisplayRange(values: number[]): [number, number] {
  const sample = values.filter(Number.isFinite);
  if (sample.length === 0) return [0, 1];
  sample.sort((a, b) => a - b);
  const at = (fraction: number) => sample[Math.floor(fraction * (sample.length - 1))] as number;
  const [low, high] = [at(0.01), at(0.99)];
  return high > low ? [low, high] : [low, low + 1];
}
