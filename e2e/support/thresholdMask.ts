import { gunzipSync, gzipSync } from 'node:zlib';

/** One label of a threshold map: every voxel above `above` (in the image's units, HU for a CT) gets `value`. */
export interface ThresholdLabel {
  above: number;
  value: number;
}

const READERS: Record<number, (b: Buffer, at: number) => number> = {
  2: (b, at) => b.readUInt8(at),
  4: (b, at) => b.readInt16LE(at),
  8: (b, at) => b.readInt32LE(at),
  16: (b, at) => b.readFloatLE(at),
  64: (b, at) => b.readDoubleLE(at),
  256: (b, at) => b.readInt8(at),
  512: (b, at) => b.readUInt16LE(at),
};

/**
 * A label map made from a converted series' NIfTI volume (as GET /svc/v2/volume/{uuid}/0 answers it, .nii
 * or .nii.gz, little-endian as dcm2niix writes it) by thresholds: the volume's own header (grid and
 * orientation) with uint8 voxels, the last label whose threshold a voxel passes winning. Gzipped, ready for
 * POST /svc/v2/import-mask/{uuid}.
 */
export function thresholdLabelMap(volume: Uint8Array, labels: readonly ThresholdLabel[]): Buffer {
  const raw = Buffer.from(volume);
  const nii = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
  const dims = [1, 2, 3].map((i) => Math.max(1, nii.readInt16LE(40 + 2 * i)));
  const datatype = nii.readInt16LE(70);
  const read = READERS[datatype];
  if (!read) throw new Error(`NIfTI datatype ${datatype} is not read here`);
  const bytes = nii.readInt16LE(72) / 8;
  const offset = nii.readFloatLE(108);
  const slope = nii.readFloatLE(112) || 1;
  const inter = nii.readFloatLE(116);
  const count = dims.reduce((a, b) => a * b, 1);
  const voxels = Buffer.alloc(count);
  for (let i = 0; i < count; i++) {
    const value = read(nii, offset + i * bytes) * slope + inter;
    for (const label of labels) if (value > label.above) voxels[i] = label.value;
  }
  const header = Buffer.alloc(352);
  nii.copy(header, 0, 0, 348);
  header.writeInt16LE(3, 40); // dim[0]: one 3D volume
  header.writeInt16LE(1, 48); // dim[4]
  header.writeInt16LE(2, 70); // uint8
  header.writeInt16LE(8, 72);
  header.writeFloatLE(352, 108);
  header.writeFloatLE(1, 112);
  header.writeFloatLE(0, 116);
  return gzipSync(Buffer.concat([header, voxels]));
}
