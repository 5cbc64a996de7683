import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNiftiHeader } from './read-header';
import { readManifest, TESTDATA_DIR as testdata } from '../../test/manifest';

/**
 * Expected [width, height, slices, volumes]. MANIFEST.tsv leaves the dims columns empty for NIfTI
 * rows, so these come from the corpus README (its tables and dataset notes, e.g. "15 slices x 10
 * volumes", "5 x 6 frames" → 6 slices x 4 volumes); resampled_anat_moved has no dims in the README.
 */
const EXPECTED_DIMS: Record<string, [number, number, number, number]> = {
  'nifti/nibabel/anatomical.nii': [33, 41, 25, 1],
  'nifti/nibabel/functional.nii': [17, 21, 3, 20],
  'nifti/nibabel/example4d.nii.gz': [128, 96, 24, 2],
  'nifti/nibabel/example_nifti2.nii.gz': [32, 20, 12, 2],
  'nifti/nibabel/resampled_anat_moved.nii': [17, 21, 3, 1],
  'nifti/niivue-demo-images/BigBrain/bigbrain.nii.gz': [310, 374, 317, 1],
  'nifti/niivue-demo-images/Allen/AllenAtlas.nii.gz': [318, 388, 310, 1],
  'nifti/niivue-demo-images/register/MNI152_T1_2mm.nii.gz': [91, 109, 91, 1],
  'nifti/niivue-demo-images/register/mniMask.nii.gz': [91, 109, 91, 1],
  'nifti/niivue-demo-images/CT_pitch.nii.gz': [175, 248, 58, 1],
  'reference/dcm_qa_nih/DCM2NIIX_regression_test_4.nii': [64, 64, 15, 10],
  'reference/dcm_qa_nih/DCM2NIIX_regression_test_5.nii': [64, 64, 15, 10],
  'reference/dcm_qa_nih/DCM2NIIX_regression_test_6.nii': [64, 64, 15, 10],
  'reference/dcm_qa_nih/DCM2NIIX_regression_test_7.nii': [64, 64, 15, 10],
  'reference/dcm_qa_nih/EPI_PE=AP_3.nii': [72, 72, 5, 2],
  'reference/dcm_qa_nih/EPI_PE=PA_4.nii': [72, 72, 5, 2],
  'reference/dcm_qa_nih/EPI_PE=RL_5.nii': [72, 72, 5, 2],
  'reference/dcm_qa_nih/EPI_PE=LR_6.nii': [72, 72, 5, 2],
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`reference/dcm_qa_ts/${n}.nii`, [64, 64, 35, 1] as const]),
  ),
  'reference/dcm_qa_enh/Siemens_REST1_w_SMS_PF7-8_6.nii': [64, 64, 6, 4],
  'reference/dcm_qa_enh/Philips_WIP_B0_NS_801_e1.nii': [64, 64, 32, 1],
  'reference/dcm_qa_enh/Philips_WIP_B0_NS_801_e2_fieldmaphz.nii': [64, 64, 32, 1],
  'reference/dcm_qa_xa30/5_anat-T1w_acq-tfl.nii': [96, 128, 128, 1],
  'reference/dcm_qa_xa30/8_gre_field_mapping_e1.nii': [64, 64, 33, 1],
  'reference/dcm_qa_xa30/8_gre_field_mapping_e2.nii': [64, 64, 33, 1],
  'reference/dcm_qa_xa30/9_gre_field_mapping_e2_ph.nii': [64, 64, 33, 1],
  'reference/dcm_qa_xa30/25_asl_2d_tra.nii': [64, 64, 12, 7],
};

/** The NIfTI files of MANIFEST.tsv. */
const niftiManifestRows = () => readManifest().filter((row) => row.kind === 'nifti');

function read(relativePath: string) {
  const bytes = readFileSync(path.join(testdata, relativePath));
  return readNiftiHeader(new Uint8Array(bytes).buffer);
}

function header(relativePath: string) {
  const result = read(relativePath);
  if (!result.ok) throw new Error(`${relativePath}: ${result.error}`);
  return result.header;
}

describe.skipIf(!existsSync(path.join(testdata, 'MANIFEST.tsv')))('readNiftiHeader on the corpus', () => {
  const rows = niftiManifestRows();

  it('has an expectation for every NIfTI row of the manifest, and no other', () => {
    expect(rows.map((r) => r.path).sort()).toEqual(Object.keys(EXPECTED_DIMS).sort());
  });

  it('covers every reference/*/*.nii file on disk', () => {
    const referenceDir = path.join(testdata, 'reference');
    const onDisk = readdirSync(referenceDir).flatMap((dataset) =>
      readdirSync(path.join(referenceDir, dataset))
        .filter((name) => name.endsWith('.nii'))
        .map((name) => `reference/${dataset}/${name}`),
    );
    expect(onDisk.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.path)).toEqual(expect.arrayContaining(onDisk));
  });

  it.each(rows.map((r) => [r.path, r.bytes] as const))('%s reads with the expected dims', (file, bytes) => {
    expect(readFileSync(path.join(testdata, file)).byteLength).toBe(bytes);
    const { width, height, slices, volumes } = header(file);
    expect([width, height, slices, volumes]).toEqual(EXPECTED_DIMS[file]);
  });

  it('reads anatomical.nii as big-endian', () => {
    expect(header('nifti/nibabel/anatomical.nii').littleEndian).toBe(false);
    expect(header('nifti/nibabel/resampled_anat_moved.nii')).toMatchObject({
      littleEndian: false,
      datatypeCode: 16,
    });
  });

  it('reads the scaling of functional.nii', () => {
    const { sclSlope, sclInter } = header('nifti/nibabel/functional.nii');
    expect(sclSlope).toBeCloseTo(0.0754, 4);
    expect(sclInter).toBeCloseTo(3100.76, 2);
  });

  it('reads a NIfTI-2 file', () => {
    const raw = new Uint8Array(readFileSync(path.join(testdata, 'nifti/nibabel/example_nifti2.nii.gz')));
    expect(raw.subarray(0, 2)).toEqual(new Uint8Array([0x1f, 0x8b]));
    expect(header('nifti/nibabel/example_nifti2.nii.gz')).toMatchObject({
      width: 32,
      height: 20,
      slices: 12,
      volumes: 2,
    });
  });

  it('reads a 4D file as slices x volumes', () => {
    expect(header('nifti/nibabel/example4d.nii.gz')).toMatchObject({
      slices: 24,
      volumes: 2,
      datatypeCode: 4,
    });
  });

  it('reports a cut-off corpus file as an error', () => {
    const bytes = readFileSync(path.join(testdata, 'nifti/nibabel/anatomical.nii'));
    expect(readNiftiHeader(new Uint8Array(bytes.subarray(0, 2000)).buffer).ok).toBe(false);
    const gz = readFileSync(path.join(testdata, 'nifti/nibabel/example4d.nii.gz'));
    expect(readNiftiHeader(new Uint8Array(gz.subarray(0, gz.length / 2)).buffer).ok).toBe(false);
  });
});
