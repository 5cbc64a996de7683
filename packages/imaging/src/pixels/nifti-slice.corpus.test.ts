import * as nifti from 'nifti-reader-js';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { niftiDisplayRange, niftiSlice, readNiftiVolume, type NiftiVolume } from './nifti-slice';

function volumeOf(relativePath: string): NiftiVolume {
  const result = readNiftiVolume(readTestFile(relativePath).slice().buffer);
  if (!result.ok) throw new Error(result.error);
  return result.volume;
}

describe('NIfTI slices on the corpus', () => {
  it('reads big-endian int16 as the header says (checked against an independent read)', () => {
    const volume = volumeOf('nifti/nibabel/anatomical.nii');
    const slice = niftiSlice(volume, 12);
    expect(slice).toMatchObject({ kind: 'gray', width: 33, height: 41 });
    const values = slice.kind === 'gray' ? Array.from(slice.values) : [];
    // Read independently with Python's struct ('>h') from the file.
    expect([Math.min(...values), Math.max(...values)]).toEqual([-136, 13705]);
  });

  it('applies scl_slope and scl_inter and reads the first volume of a 4D file', () => {
    const bytes = readTestFile('nifti/nibabel/functional.nii').slice().buffer;
    const header = nifti.readHeader(bytes);
    const raw = new DataView(bytes).getInt16(header.vox_offset + 2 * (17 * 20), header.littleEndian);
    const slice = niftiSlice(volumeOf('nifti/nibabel/functional.nii'), 0);
    // Voxel (0, 20) of the file is the first displayed row's first voxel.
    const first = slice.kind === 'gray' ? (slice.values[0] as number) : NaN;
    expect(first).toBeCloseTo(raw * header.scl_slope + header.scl_inter, 3);
  });

  it('reads .nii.gz and uses cal_min/cal_max as the display range when set', () => {
    const mni = volumeOf('nifti/niivue-demo-images/register/MNI152_T1_2mm.nii.gz');
    expect(mni).toMatchObject({ width: 91, height: 109, slices: 91 });
    expect(niftiDisplayRange(mni)).toEqual([3000, 8000]);
    const [low, high] = niftiDisplayRange(volumeOf('nifti/niivue-demo-images/CT_pitch.nii.gz'));
    expect(high).toBeGreaterThan(low);
  });

  it('keeps NaN voxels as NaN (shown black) and gives errors for files that are not NIfTI', () => {
    const slice = niftiSlice(volumeOf('nifti/nibabel/resampled_anat_moved.nii'), 1);
    expect(slice.kind === 'gray' && Array.from(slice.values).some(Number.isNaN)).toBe(true);
    expect(readNiftiVolume(new ArrayBuffer(10))).toMatchObject({ ok: false, reason: 'error' });
  });
});
