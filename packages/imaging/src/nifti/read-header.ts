import * as nifti from 'nifti-reader-js';
import type { NiftiHeader } from '../types';

export type NiftiHeaderResult = { ok: true; header: NiftiHeader } | { ok: false; error: string };

export const NIFTI_ZERO_SLICES_ERROR = '0 slices in nifti file';
export const NOT_NIFTI_ERROR = 'Not a NIfTI file';
export const CORRUPT_GZIP_ERROR = 'The nii.gz file could not be decompressed';
export const TRUNCATED_NIFTI_ERROR = 'The NIfTI file is shorter than its header says';

/**
 * Both gzip magic bytes. nifti-reader-js's isCompressed accepts either byte alone and throws on
 * buffers under 2 bytes, so it is not used as the gate.
 */
function isGzip(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < 2) return false;
  const view = new Uint8Array(bytes, 0, 2);
  return view[0] === 0x1f && view[1] === 0x8b;
}

/** Deflate cannot expand data more than about 1032 times. */
const MAX_DEFLATE_RATIO = 1032;
const GZIP_MIN_BYTES = 18;

/**
 * fflate sizes its output from the gzip trailer (ISIZE); a cut-off or forged file could ask for up to
 * 4 GB, so a size deflate could never reach is refused before decompressing.
 */
function hasPlausibleSize(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < GZIP_MIN_BYTES) return false;
  const inflatedSize = new DataView(bytes).getUint32(bytes.byteLength - 4, true);
  return inflatedSize <= bytes.byteLength * MAX_DEFLATE_RATIO;
}

function decompressed(bytes: ArrayBuffer): ArrayBuffer | null {
  if (!isGzip(bytes)) return bytes;
  if (!hasPlausibleSize(bytes)) return null;
  try {
    const inflated = nifti.decompress(bytes);
    // fflate may hand back a view's buffer; copy so the header reader sees exactly the file.
    return inflated instanceof ArrayBuffer ? inflated : new Uint8Array(inflated).slice().buffer;
  } catch {
    return null;
  }
}

/** Product of the dimensions after the third: 4D volumes (and any 5th+ dimension) each count as one frame. */
function volumeCount(dims: number[]): number {
  let count = 1;
  for (let axis = 4; axis <= (dims[0] ?? 0); axis += 1) count *= dims[axis] ?? 1;
  return count;
}

function toHeader(raw: nifti.NIFTI1 | nifti.NIFTI2): NiftiHeader {
  return {
    width: raw.dims[1] ?? 0,
    height: raw.dims[2] ?? 0,
    slices: raw.dims[3] ?? 0,
    volumes: volumeCount(raw.dims),
    datatypeCode: raw.datatypeCode,
    pixDims: [...raw.pixDims],
    sclSlope: raw.scl_slope,
    sclInter: raw.scl_inter,
    littleEndian: raw.littleEndian,
    description: raw.description,
  };
}

/** A single .nii holds its voxels after vox_offset; fewer bytes than that means a cut-off file. */
function isTruncated(raw: nifti.NIFTI1 | nifti.NIFTI2, fileBytes: number): boolean {
  let voxels = 1;
  for (let axis = 1; axis <= (raw.dims[0] ?? 0); axis += 1) voxels *= raw.dims[axis] ?? 1;
  return fileBytes < raw.vox_offset + (voxels * raw.numBitsPerVoxel) / 8;
}

export type ParsedNifti =
  | { ok: true; header: NiftiHeader; raw: nifti.NIFTI1 | nifti.NIFTI2; data: ArrayBuffer }
  | { ok: false; error: string };

/** The header and the (inflated) bytes of a .nii or .nii.gz file, checked as readNiftiHeader says. */
export function parseNifti(bytes: ArrayBuffer): ParsedNifti {
  const data = decompressed(bytes);
  if (!data) return { ok: false, error: CORRUPT_GZIP_ERROR };
  if (!nifti.isNIFTI(data)) return { ok: false, error: NOT_NIFTI_ERROR };
  let raw: nifti.NIFTI1 | nifti.NIFTI2;
  try {
    raw = nifti.readHeader(data);
  } catch {
    return { ok: false, error: NOT_NIFTI_ERROR };
  }
  const header = toHeader(raw);
  if (header.slices < 1) return { ok: false, error: NIFTI_ZERO_SLICES_ERROR };
  if (isTruncated(raw, data.byteLength)) return { ok: false, error: TRUNCATED_NIFTI_ERROR };
  return { ok: true, header, raw, data };
}

/**
 * Reads the header of a .nii or .nii.gz file (NIfTI-1 or NIfTI-2, either byte order). Never throws:
 * anything that is not a readable NIfTI comes back as an error the upload can show.
 */
export function readNiftiHeader(bytes: ArrayBuffer): NiftiHeaderResult {
  const parsed = parseNifti(bytes);
  return parsed.ok ? { ok: true, header: parsed.header } : parsed;
}
