import { describe, expect, it } from 'vitest';
import { labelVoxels, type LabelSource } from './label-voxels';

/** Voxels of one type written after a 352-byte gap, as a NIfTI file holds them. */
function file(code: number, size: number, values: number[], littleEndian = true) {
  const view = new DataView(new ArrayBuffer(352 + values.length * size));
  const write: Record<number, (o: number, v: number) => void> = {
    2: (o, v) => view.setUint8(o, v),
    256: (o, v) => view.setInt8(o, v),
    4: (o, v) => view.setInt16(o, v, littleEndian),
    512: (o, v) => view.setUint16(o, v, littleEndian),
    8: (o, v) => view.setInt32(o, v, littleEndian),
    768: (o, v) => view.setUint32(o, v, littleEndian),
    16: (o, v) => view.setFloat32(o, v, littleEndian),
    64: (o, v) => view.setFloat64(o, v, littleEndian),
    1024: (o, v) => view.setBigInt64(o, BigInt(v), littleEndian),
    1280: (o, v) => view.setBigUint64(o, BigInt(v), littleEndian),
  };
  values.forEach((v, i) => write[code]?.(352 + i * size, v));
  return view.buffer;
}
const source = (datatypeCode: number, over: Partial<LabelSource> = {}): LabelSource => ({
  datatypeCode,
  littleEndian: true,
  vox_offset: 352,
  scl_slope: 1,
  scl_inter: 0,
  ...over,
});

describe('labelVoxels', () => {
  it.each([
    [2, 1],
    [256, 1],
    [4, 2],
    [512, 2],
    [8, 4],
    [768, 4],
    [16, 4],
    [64, 8],
    [1024, 8],
    [1280, 8],
  ])('reads integer labels of NIfTI datatype %i', (code, size) => {
    const values = [0, 3, 1, 0, 3, 7];
    const read = labelVoxels(source(code), file(code, size, values), values.length);
    expect(read).toEqual({ ok: true, labels: Uint16Array.from(values), present: [1, 3, 7] });
  });

  it('reads big-endian files and values up to 65535', () => {
    const values = [65535, 0, 300];
    const read = labelVoxels(source(8, { littleEndian: false }), file(8, 4, values, false), 3);
    expect(read).toMatchObject({ ok: true, present: [300, 65535] });
  });

  it('applies scl_slope and scl_inter, and ignores them when the slope is 0', () => {
    expect(labelVoxels(source(2, { scl_slope: 2, scl_inter: 1 }), file(2, 1, [0, 1, 2]), 3)).toMatchObject({
      ok: true,
      labels: Uint16Array.from([1, 3, 5]),
    });
    expect(labelVoxels(source(2, { scl_slope: 0, scl_inter: 9 }), file(2, 1, [0, 4]), 2)).toMatchObject({
      ok: true,
      labels: Uint16Array.from([0, 4]),
    });
  });

  it.each([
    [16, 4, [0, 1.5], 'holds 1.5, which is not a whole number (voxel 1)'],
    [4, 2, [2, -1], 'holds -1; labels are not negative (voxel 1)'],
    [8, 4, [70000], 'holds 70000; labels go up to 65535 (voxel 0)'],
    [16, 4, [Number.NaN], 'holds NaN, which is not a whole number (voxel 0)'],
  ])('refuses values that are not labels (datatype %i)', (code, size, values, why) => {
    expect(labelVoxels(source(code), file(code, size, values), values.length)).toEqual({
      ok: false,
      error: `The label map ${why}.`,
    });
  });

  it('refuses types that cannot hold labels and files shorter than their header says', () => {
    expect(labelVoxels(source(128), file(2, 1, [0, 0, 0]), 1)).toMatchObject({ ok: false });
    expect(labelVoxels(source(4), file(4, 2, [1, 2]), 3)).toEqual({
      ok: false,
      error: 'The label map is shorter than its header says.',
    });
  });
});
