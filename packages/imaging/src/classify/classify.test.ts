import { describe, expect, it } from 'vitest';
import { readManifest, testFileRef } from '../../test/manifest';
import { classifyAll, classifyFile, findDuplicates, unsupportedReason } from './classify';
import { fileExtension } from './extension';

const file = (name: string, size = 100) => ({ name, size });

describe('fileExtension', () => {
  it.each([
    ['a.dcm', 'dcm'],
    ['A.DCM', 'dcm'],
    ['brain.nii.gz', 'gz'],
    ['x.tar.gz', 'gz'],
    ['scan.jp2', 'jp2'],
    ['scan.dicom', 'dicom'],
  ])('%s has extension %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });

  it.each([
    'I10',
    'DICOMDIR',
    'DIRFILE',
    '1.2.840.113619.2.55.3.604688119',
    'IM_0001.0001',
    '.hidden',
    'a.',
    'b.verylong',
  ])('%s has no extension', (name) => {
    expect(fileExtension(name)).toBeNull();
  });
});

describe('classifyFile', () => {
  it.each([
    ['a.dcm', 'dcm'],
    ['a.DCM', 'dcm'],
    ['a.nii', 'nii'],
    ['a.nii.gz', 'nii'],
    ['A.NII.GZ', 'nii'],
    ['a.zip', 'compressed'],
    ['brain_nii.gz', 'compressed'],
    ['IM_0001.dcm.gz', 'dcm'],
    ['a.gz', 'dcm'],
    ['a.tar.gz', 'unsupported'],
    ['a.rar', 'unsupported'],
    ['notes.txt', 'unsupported'],
    ['a.json', 'unsupported'],
  ] as const)('%s is %s', (name, kind) => {
    expect(classifyFile(file(name))).toBe(kind);
  });

  it('takes a file without extension for DICOM only above 10240 bytes', () => {
    expect(classifyFile(file('I10', 10241))).toBe('dcm');
    expect(classifyFile(file('I10', 10240))).toBe('unsupported');
    expect(classifyFile(file('1.3.12.2.1107.5.2.43', 20000))).toBe('dcm');
  });

  it('classifies every DICOM file of the corpus by the V2 rules', () => {
    for (const row of readManifest().filter((r) => r.kind === 'dicom')) {
      const ref = testFileRef(row);
      const expected = ref.name.toLowerCase().endsWith('.dcm') || row.bytes > 10240 ? 'dcm' : 'unsupported';
      expect(classifyFile(ref), row.path).toBe(expected);
    }
  });

  it('takes the corpus images without extension (Philips I10, S2010/DIRFILE, DICOMDIR) for DICOM by size', () => {
    const rows = readManifest().filter(
      (r) => r.kind === 'dicom' && fileExtension(testFileRef(r).name) === null,
    );
    const dcm = rows.filter((r) => classifyFile(testFileRef(r)) === 'dcm').map((r) => r.path);
    expect(dcm).toContain('dicom/dcm_qa_ct/Philips/S21570/S2010/I10');
    expect(dcm).toContain('dicom/dcm_qa_ct/Philips/S21570/S2010/DIRFILE');
    expect(dcm).toContain('dicom/pydicom/dicomdirtests/DICOMDIR');
    // 35 Philips images + the 22 KB DIRFILE + the 11 KB DICOMDIR; the small DIRFILEs and dicomdirtests images are not.
    expect(dcm).toHaveLength(37);
  });

  it('classifies the corpus NIfTI files as nii', () => {
    for (const row of readManifest().filter((r) => r.kind === 'nifti')) {
      expect(classifyFile(testFileRef(row)), row.path).toBe('nii');
    }
  });
});

describe('unsupportedReason', () => {
  it('says why each unsupported file is not read', () => {
    expect(unsupportedReason(file('tiny', 10240))).toBe(
      'A file without an extension counts as DICOM only above 10240 bytes; this one has 10240',
    );
    expect(unsupportedReason(file('exam.tar.gz'))).toBe(
      '.tar.gz archives are not read: upload a .zip instead',
    );
    expect(unsupportedReason(file('exam.rar'))).toBe('.rar archives are not read: upload a .zip instead');
    expect(unsupportedReason(file('notes.txt'))).toBe(
      '.txt files are not supported: upload DICOM (.dcm, .dcm.gz or no extension), NIfTI (.nii, .nii.gz) or .zip',
    );
  });

  it('gives no reason for a file the upload reads', () => {
    for (const name of ['a.dcm', 'a.dcm.gz', 'a.nii.gz', 'a.zip', 'brain_nii.gz'])
      expect(unsupportedReason(file(name)), name).toBeNull();
  });
});

describe('findDuplicates and classifyAll', () => {
  it('marks later files with the same name and size as duplicates', () => {
    const files = [file('a.dcm', 1), file('a.dcm', 2), file('a.dcm', 1), file('b.dcm', 1), file('a.dcm', 1)];
    expect([...findDuplicates(files)]).toEqual([2, 4]);
  });

  it('counts and lists every kind', () => {
    const files = [
      file('a.dcm'),
      file('a.dcm'),
      file('b.nii.gz'),
      file('c.zip'),
      file('d.txt'),
      file('I10', 20000),
    ];
    const result = classifyAll(files);
    expect(result.kinds).toEqual(['dcm', 'duplicate', 'nii', 'compressed', 'unsupported', 'dcm']);
    expect(result.counts).toEqual({ dcm: 2, nii: 1, compressed: 1, unsupported: 1, duplicate: 1 });
    expect(result.byKind.dcm.map((f) => f.name)).toEqual(['a.dcm', 'I10']);
  });
});
