import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as nifti from 'nifti-reader-js';
import { describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../test/manifest';
import { emptyLabelMask, NOT_NIFTI1_LITTLE_ENDIAN } from './label-mask';

const reference = (name: string) => {
  const bytes = readFileSync(path.join(TESTDATA_DIR, 'reference', name));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};
const header = (bytes: Uint8Array) => {
  const h = nifti.readHeader(bytes.slice().buffer);
  if (!h) throw new Error('not NIfTI');
  return h;
};

describe('emptyLabelMask', () => {
  it.each([
    ['dcm_qa_nih/DCM2NIIX_regression_test_4.nii'],
    ['dcm_qa_enh/Siemens_REST1_w_SMS_PF7-8_6.nii'],
    ['dcm_qa_enh/Philips_WIP_B0_NS_801_e1.nii'],
  ])('keeps the grid of %s and covers one volume', (name) => {
    const series = reference(name);
    const source = header(series);
    for (const datatype of ['uint8', 'uint16'] as const) {
      const mask = emptyLabelMask(series, datatype);
      const h = header(mask.bytes);
      expect(h.dims.slice(1, 4)).toEqual(source.dims.slice(1, 4));
      expect(h.dims[0]).toBe(3);
      expect(h.pixDims.slice(0, 4)).toEqual(source.pixDims.slice(0, 4));
      expect(h.affine).toEqual(source.affine);
      expect([h.qform_code, h.sform_code]).toEqual([source.qform_code, source.sform_code]);
      expect([h.quatern_b, h.quatern_c, h.quatern_d, h.qoffset_x, h.qoffset_y, h.qoffset_z]).toEqual([
        source.quatern_b,
        source.quatern_c,
        source.quatern_d,
        source.qoffset_x,
        source.qoffset_y,
        source.qoffset_z,
      ]);
      expect(h.datatypeCode).toBe(datatype === 'uint8' ? 2 : 512);
      expect([h.scl_slope, h.scl_inter, h.intent_code, h.vox_offset]).toEqual([1, 0, 1002, 352]);
      expect(h.description.replace(/\0+$/, '')).toBe('');
      const voxels = source.dims[1]! * source.dims[2]! * source.dims[3]!;
      expect(mask.bytes.byteLength).toBe(352 + voxels * (datatype === 'uint8' ? 1 : 2));
      expect(mask.bytes.subarray(352).every((b) => b === 0)).toBe(true);
    }
  });

  it('refuses what is not a little-endian NIfTI-1 header', () => {
    expect(() => emptyLabelMask(new Uint8Array(100), 'uint8')).toThrow(NOT_NIFTI1_LITTLE_ENDIAN);
    expect(() => emptyLabelMask(new Uint8Array(400), 'uint8')).toThrow(NOT_NIFTI1_LITTLE_ENDIAN);
  });
});
