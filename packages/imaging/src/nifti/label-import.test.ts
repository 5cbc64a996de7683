import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as nifti from 'nifti-reader-js';
import { describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../test/manifest';
import { clearLabel, labelMaskOf, labelMaskVoxels } from './label-mask';
import { readLabelMap } from './label-import';

/** TotalSegmentator's own outputs over the CT and MR they were made from (testdata README). */
const totalsegmentator = (name: string) =>
  new Uint8Array(gunzipSync(readFileSync(path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator', name))));
const voxelsOf = (file: Uint8Array) => {
  const h = nifti.readHeader(file.slice().buffer);
  return Buffer.from(file.subarray(h.vox_offset));
};
/** Compared as bytes: a deep equality of millions of elements takes seconds. */
const bytesOf = (voxels: ArrayLike<number>) => Buffer.from(Uint8Array.from(voxels));

describe('readLabelMap', () => {
  it.each([
    ['example_seg.nii.gz', 'example_ct_sm.nii.gz', 41, 117],
    ['example_seg_mr.nii.gz', 'example_mr_sm.nii.gz', 23, 49],
  ])('reads %s over %s: the labels present, voxel for voxel', (seg, image, count, max) => {
    const file = totalsegmentator(seg);
    const read = readLabelMap(file, totalsegmentator(image).subarray(0, 348));
    if (!read.ok) throw new Error(read.error);
    expect(read.present).toHaveLength(count);
    expect(read.present.at(-1)).toBe(max);
    expect(bytesOf(read.labels).equals(voxelsOf(file))).toBe(true);
    // The mask made of them keeps the series' header and holds the same voxels.
    const mask = labelMaskOf(totalsegmentator(image), 'uint8', read.labels);
    expect(bytesOf(labelMaskVoxels(mask.bytes)).equals(voxelsOf(file))).toBe(true);
  });

  it('refuses a label map of another series (422) and what is not NIfTI (400)', () => {
    const seg = totalsegmentator('example_seg.nii.gz');
    const mr = totalsegmentator('example_mr_sm.nii.gz').subarray(0, 348);
    expect(readLabelMap(seg, mr)).toEqual({
      ok: false,
      status: 422,
      error: 'The label map is 122 x 101 x 30 voxels; the series is 117 x 91 x 20.',
    });
    expect(readLabelMap(new TextEncoder().encode('not a nifti file at all'), mr)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(readLabelMap(seg.subarray(0, seg.byteLength - 1000), mr)).toEqual({
      ok: false,
      status: 400,
      error: 'The NIfTI file is shorter than its header says.',
    });
  });
});

describe('clearLabel and labelMaskOf', () => {
  it('clears one value of a uint16 mask in place and keeps the others', () => {
    const ct = totalsegmentator('example_ct_sm.nii.gz').subarray(0, 348);
    const labels = new Uint16Array(122 * 101 * 30).map((_, i) => [0, 7, 300, 7][i % 4] ?? 0);
    const mask = labelMaskOf(ct, 'uint16', labels);
    expect(clearLabel(mask.bytes, 7)).toBe(labels.length / 2);
    const voxels = labelMaskVoxels(mask.bytes);
    expect(voxels.some((v) => v === 7)).toBe(false);
    expect(voxels.filter((v) => v === 300)).toHaveLength(labels.length / 4);
    expect(() => labelMaskOf(ct, 'uint8', labels.subarray(1))).toThrow('labels for a mask of');
  });
});
