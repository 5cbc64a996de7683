import { parseNifti } from '@voxa/imaging';

/**
 * The voxels of a series' NIfTI as the runtime reads them: each volume in its stored type (a view over
 * the file's bytes when the type and byte order allow it, so a 512x512x300 int16 CT costs no copy), with
 * the scaling NIfTI applies to it. Voxel order is NIfTI's: x fastest, then y, then z.
 */
export type Dims = [number, number, number];

export interface SeriesVolume {
  dims: Dims;
  /** Voxel size along x, y, z in mm. */
  spacing: [number, number, number];
  /** The stored values of each volume (at most `channels` of them). */
  channels: ArrayLike<number>[];
  slope: number;
  intercept: number;
}

type Typed = {
  bytes: number;
  make: (buffer: ArrayBuffer, offset: number, length: number) => ArrayLike<number>;
};
const TYPES: Readonly<Record<number, Typed>> = {
  2: { bytes: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  256: { bytes: 1, make: (b, o, n) => new Int8Array(b, o, n) },
  4: { bytes: 2, make: (b, o, n) => new Int16Array(b, o, n) },
  512: { bytes: 2, make: (b, o, n) => new Uint16Array(b, o, n) },
  8: { bytes: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  768: { bytes: 4, make: (b, o, n) => new Uint32Array(b, o, n) },
  16: { bytes: 4, make: (b, o, n) => new Float32Array(b, o, n) },
  64: { bytes: 8, make: (b, o, n) => new Float64Array(b, o, n) },
};

const LITTLE_ENDIAN_PLATFORM = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A typed array over `length` voxels at `offset`; copied (byte-swapped) only when it cannot be a view. */
function typedVoxels(
  type: Typed,
  data: ArrayBuffer,
  offset: number,
  length: number,
  littleEndian: boolean,
): ArrayLike<number> {
  if (littleEndian === LITTLE_ENDIAN_PLATFORM && offset % type.bytes === 0)
    return type.make(data, offset, length);
  const copy = new Uint8Array(length * type.bytes);
  const source = new Uint8Array(data, offset, length * type.bytes);
  const swap = littleEndian !== LITTLE_ENDIAN_PLATFORM;
  for (let i = 0; i < copy.length; i += type.bytes)
    for (let b = 0; b < type.bytes; b++) copy[i + b] = source[i + (swap ? type.bytes - 1 - b : b)] ?? 0;
  return type.make(copy.buffer, 0, length);
}

/** Reads the first `channels` volumes of a .nii or .nii.gz file; throws with a message for the job's log. */
export function readSeriesVolume(file: ArrayBuffer, channels: number): SeriesVolume {
  const parsed = parseNifti(file);
  if (!parsed.ok) throw new Error(parsed.error);
  const { header, raw, data } = parsed;
  const type = TYPES[header.datatypeCode];
  if (!type)
    throw new Error(`NIfTI datatype ${header.datatypeCode} is not an intensity type the runtime reads.`);
  if (header.volumes < channels)
    throw new Error(`The model reads ${channels} channels; the series has ${header.volumes} volumes.`);
  const dims: Dims = [header.width, header.height, header.slices];
  const voxels = dims[0] * dims[1] * dims[2];
  const spacing = [1, 2, 3].map((axis) => Math.abs(header.pixDims[axis] ?? 0) || 1) as [
    number,
    number,
    number,
  ];
  // NIfTI: a slope of 0 means the stored values are the values.
  const scaled = Number.isFinite(raw.scl_slope) && raw.scl_slope !== 0;
  return {
    dims,
    spacing,
    channels: Array.from({ length: channels }, (_, c) =>
      typedVoxels(type, data, raw.vox_offset + c * voxels * type.bytes, voxels, header.littleEndian),
    ),
    slope: scaled ? raw.scl_slope : 1,
    intercept: scaled && Number.isFinite(raw.scl_inter) ? raw.scl_inter : 0,
  };
}
