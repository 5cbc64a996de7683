import { unsupportedReason } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { classifyInflated } from './classify';
import { studyKeyOf, uploadIdOf } from './ids';

describe('classifyInflated', () => {
  it('reads names as the page does: dcm (.dcm.gz too), nii, DICOMDIR ignored, the rest skipped with its reason', () => {
    const result = classifyInflated([
      { archive: 'a.zip', inside: 'series/1.dcm', size: 100 },
      { archive: 'a.zip', inside: 'series/IM0001', size: 20_000 },
      { archive: 'a.zip', inside: 'series/tiny', size: 10 },
      { archive: 'a.zip', inside: 'brain.nii.gz', size: 500 },
      { archive: 'a.zip', inside: 'DICOMDIR', size: 20_000 },
      { archive: 'a.zip', inside: 'notes.txt', size: 5 },
      { archive: 'a.zip', inside: 'inner_nii.gz', size: 5 },
      { archive: 'a.zip', inside: 'series/2.dcm.gz', size: 50 },
      { archive: 'a.zip', inside: 'old.tar.gz', size: 50 },
    ]);
    expect(result.dcm.map((f) => f.path)).toEqual([
      'a.zip/series/1.dcm',
      'a.zip/series/IM0001',
      'a.zip/series/2.dcm.gz',
    ]);
    expect(result.nii).toEqual([{ name: 'brain.nii.gz', size: 500, path: 'a.zip/brain.nii.gz' }]);
    expect(result.skipped).toEqual([
      { path: 'a.zip/series/tiny', reason: unsupportedReason({ name: 'tiny', size: 10 }) },
      { path: 'a.zip/DICOMDIR', reason: 'DICOMDIR is ignored.' },
      { path: 'a.zip/notes.txt', reason: unsupportedReason({ name: 'notes.txt', size: 5 }) },
      { path: 'a.zip/inner_nii.gz', reason: 'A compressed file inside an archive is not inflated.' },
      { path: 'a.zip/old.tar.gz', reason: '.tar.gz archives are not read: upload a .zip instead' },
    ]);
  });

  it('keeps one of the files with the same path inside their archives and the same size', () => {
    const result = classifyInflated([
      { archive: 'a.zip', inside: 's/1.dcm', size: 100 },
      { archive: 'b.zip', inside: 's/1.dcm', size: 100 },
      { archive: 'b.zip', inside: 't/1.dcm', size: 100 },
    ]);
    expect(result.dcm.map((f) => f.path)).toEqual(['a.zip/s/1.dcm', 'b.zip/t/1.dcm']);
    expect(result.skipped).toEqual([{ path: 'b.zip/s/1.dcm', reason: 'Duplicate of a.zip/s/1.dcm.' }]);
  });
});

describe('studyKey and uploadId', () => {
  it('are 16 hex digits, the same for the same study and series, different otherwise', () => {
    expect(studyKeyOf('1.2.3')).toMatch(/^[a-f0-9]{16}$/);
    expect(studyKeyOf('1.2.3')).toBe(studyKeyOf('1.2.3'));
    expect(studyKeyOf('1.2.3')).not.toBe(studyKeyOf('1.2.4'));
    expect(uploadIdOf('1.2.3', '4.5')).toMatch(/^[a-f0-9]{16}$/);
    expect(uploadIdOf('1.2.3', '4.5')).not.toBe(uploadIdOf('1.2.4', '4.5'));
    expect(uploadIdOf('1.2.3', '4.5')).not.toBe(studyKeyOf('1.2.3'));
  });
});
