/**
 * The label values of an imported NIfTI label map (docs/decisions/0032): any integer type, or floats
 * holding whole numbers, scaled by scl_slope/scl_inter as NIfTI says, each 0..65535.
 */
export const LABEL_VALUE_MAX = 65_535;

export interface LabelSource {
  datatypeCode: number;
  littleEndian: boolean;
  vox_offset: number;
  scl_slope: number;
  scl_inter: number;
}

export type LabelVoxels = { ok: true; labels: Uint16Array; present: number[] } | { ok: false; error: string };

type Reader = (view: DataView, offset: number, littleEndian: boolean) => number;

/** NIfTI datatype code -> bytes per voxel and how to read one. */
const READERS: Record<number, [number, Reader]> = {
  2: [1, (v, o) => v.getUint8(o)],
  256: [1, (v, o) => v.getInt8(o)],
  4: [2, (v, o, le) => v.getInt16(o, le)],
  512: [2, (v, o, le) => v.getUint16(o, le)],
  8: [4, (v, o, le) => v.getInt32(o, le)],
  768: [4, (v, o, le) => v.getUint32(o, le)],
  16: [4, (v, o, le) => v.getFloat32(o, le)],
  64: [8, (v, o, le) => v.getFloat64(o, le)],
  1024: [8, (v, o, le) => Number(v.getBigInt64(o, le))],
  1280: [8, (v, o, le) => Number(v.getBigUint64(o, le))],
};

/** Why a value cannot be a label, or null when it can. */
function refusal(value: number): string | null {
  if (!Number.isInteger(value)) return `holds ${value}, which is not a whole number`;
  if (value < 0) return `holds ${value}; labels are not negative`;
  if (value > LABEL_VALUE_MAX) return `holds ${value}; labels go up to ${LABEL_VALUE_MAX}`;
  return null;
}

/** The first `voxels` values after vox_offset, as labels, with the non-zero values present (ascending). */
export function labelVoxels(source: LabelSource, data: ArrayBuffer, voxels: number): LabelVoxels {
  const reader = READERS[source.datatypeCode];
  if (!reader)
    return {
      ok: false,
      error: `NIfTI datatype ${source.datatypeCode} cannot hold labels; use an integer type.`,
    };
  const [size, read] = reader;
  const start = source.vox_offset;
  if (start + voxels * size > data.byteLength)
    return { ok: false, error: 'The label map is shorter than its header says.' };
  // NIfTI: a slope of 0 means the stored values are the values, the intercept unused.
  const scaled = Number.isFinite(source.scl_slope) && source.scl_slope !== 0;
  const slope = scaled ? source.scl_slope : 1;
  const inter = scaled && Number.isFinite(source.scl_inter) ? source.scl_inter : 0;
  const view = new DataView(data);
  const labels = new Uint16Array(voxels);
  const seen = new Uint8Array(LABEL_VALUE_MAX + 1);
  for (let i = 0; i < voxels; i++) {
    const value = read(view, start + i * size, source.littleEndian) * slope + inter;
    if (!seen[value]) {
      const why = refusal(value);
      if (why) return { ok: false, error: `The label map ${why} (voxel ${i}).` };
      seen[value] = 1;
    }
    labels[i] = value;
  }
  const present: number[] = [];
  for (let value = 1; value <= LABEL_VALUE_MAX; value++) if (seen[value]) present.push(value);
  return { ok: true, labels, present };
}
