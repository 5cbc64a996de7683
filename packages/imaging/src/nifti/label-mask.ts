/**
 * An empty label mask on a series' voxel grid (docs/decisions/0030): the series' NIfTI-1 header with the
 * grid kept byte for byte (dims, pixdim, qform, sform, units) and everything about the intensities reset.
 * A 4D series' mask covers one volume: labels are anatomy, which does not move between volumes.
 */
const NIFTI1_HEADER_BYTES = 348;
/** Header, the 4-byte extension flag (no extensions), then the voxels. */
const VOX_OFFSET = 352;
const NIFTI_INTENT_LABEL = 1002;
const DATATYPE = { uint8: { code: 2, bits: 8 }, uint16: { code: 512, bits: 16 } } as const;

export type LabelDatatype = keyof typeof DATATYPE;

export const NOT_NIFTI1_LITTLE_ENDIAN = 'The series’ NIfTI is not a little-endian NIfTI-1 file';

export interface LabelMask {
  /** The whole .nii file: header, extension flag, zeroed voxels. */
  bytes: Uint8Array;
  dims: [number, number, number];
}

export function emptyLabelMask(seriesHeader: Uint8Array, datatype: LabelDatatype): LabelMask {
  if (seriesHeader.byteLength < NIFTI1_HEADER_BYTES) throw new Error(NOT_NIFTI1_LITTLE_ENDIAN);
  const source = new DataView(seriesHeader.buffer, seriesHeader.byteOffset, NIFTI1_HEADER_BYTES);
  if (source.getInt32(0, true) !== NIFTI1_HEADER_BYTES) throw new Error(NOT_NIFTI1_LITTLE_ENDIAN);
  const dims: [number, number, number] = [
    source.getInt16(42, true),
    source.getInt16(44, true),
    source.getInt16(46, true),
  ];
  if (dims.some((d) => d < 1)) throw new Error('The series’ NIfTI has an empty dimension');

  const type = DATATYPE[datatype];
  const voxels = dims[0] * dims[1] * dims[2];
  const bytes = new Uint8Array(VOX_OFFSET + voxels * (type.bits / 8));
  bytes.set(seriesHeader.subarray(0, NIFTI1_HEADER_BYTES));
  const header = new DataView(bytes.buffer);
  header.setInt16(40, 3, true); // dim[0]: three dimensions
  for (let i = 4; i <= 7; i++) header.setInt16(40 + 2 * i, 1, true);
  for (const offset of [56, 60, 64]) header.setFloat32(offset, 0, true); // intent_p1..3
  header.setInt16(68, NIFTI_INTENT_LABEL, true);
  header.setInt16(70, type.code, true);
  header.setInt16(72, type.bits, true);
  header.setFloat32(108, VOX_OFFSET, true);
  header.setFloat32(112, 1, true); // scl_slope: stored values are the labels
  header.setFloat32(116, 0, true); // scl_inter
  header.setFloat32(124, 0, true); // cal_max
  header.setFloat32(128, 0, true); // cal_min
  // No text of the series travels with its mask: description, aux file, intent name.
  bytes.fill(0, 148, 148 + 80);
  bytes.fill(0, 228, 228 + 24);
  bytes.fill(0, 328, 328 + 16);
  return { bytes, dims };
}

/** The voxels of a mask this module made (little-endian, after the extension flag), as typed values. */
export function labelMaskVoxels(mask: Uint8Array): Uint8Array | Uint16Array {
  if (mask.byteLength < VOX_OFFSET) throw new Error('Not a label mask: shorter than its header');
  const header = new DataView(mask.buffer, mask.byteOffset, NIFTI1_HEADER_BYTES);
  const code = header.getInt16(70, true);
  const dims = [42, 44, 46].map((offset) => header.getInt16(offset, true));
  const voxels = dims.reduce((a, b) => a * b, 1);
  if (code === DATATYPE.uint8.code) return mask.subarray(VOX_OFFSET, VOX_OFFSET + voxels);
  if (code !== DATATYPE.uint16.code) throw new Error(`Not a label mask: datatype ${code}`);
  if (!LITTLE_ENDIAN_PLATFORM) throw new Error('uint16 masks are read on little-endian platforms only');
  // A view writes through to the file's bytes; a Uint16Array view must start at an even address.
  const start = mask.byteOffset + VOX_OFFSET;
  if (start % 2 !== 0) throw new Error('A uint16 label mask must start at an even byte offset');
  return new Uint16Array(mask.buffer, start, voxels);
}

const LITTLE_ENDIAN_PLATFORM = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Sets every voxel of `value` to 0 in place; returns how many there were. */
export function clearLabel(mask: Uint8Array, value: number): number {
  const voxels = labelMaskVoxels(mask);
  let cleared = 0;
  for (let i = 0; i < voxels.length; i++)
    if (voxels[i] === value) {
      voxels[i] = 0;
      cleared++;
    }
  return cleared;
}

/** A mask on the series' grid holding `labels` (one per voxel, in NIfTI order). */
export function labelMaskOf(
  seriesHeader: Uint8Array,
  datatype: LabelDatatype,
  labels: ArrayLike<number>,
): LabelMask {
  const mask = emptyLabelMask(seriesHeader, datatype);
  const voxels = labelMaskVoxels(mask.bytes);
  if (labels.length !== voxels.length)
    throw new Error(`${labels.length} labels for a mask of ${voxels.length} voxels`);
  voxels.set(labels);
  return mask;
}
