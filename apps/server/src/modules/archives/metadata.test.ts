import type { UploadSeries, UploadStudy } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { studyKeyOf, uploadIdOf } from './ids';
import { findSeries, seriesPaths, sortedMetadata } from './metadata';

const series = (id: string, type: 'dcm' | 'nii', path: string) =>
  ({ id, type, files: [{ name: path.split('/').pop() ?? path, size: 1, path }] }) as unknown as UploadSeries;
const study = (id: string, s: UploadSeries[]) => ({ id, series: s }) as unknown as UploadStudy;

describe('sortedMetadata', () => {
  const metadata = sortedMetadata(
    [{ name: 'a.zip', files: 2, error: null }],
    {
      studies: [
        study('1.2.3', [series('1.2.3.1', 'dcm', 'a.zip/s/1.dcm')]),
        study('nifti:a.zip/b.nii', [series('a.zip/b.nii', 'nii', 'a.zip/b.nii')]),
      ],
      skipped: [{ file: { name: 'x.dcm', size: 1, path: 'a.zip/x.dcm' }, reason: 'no pixel data' }],
    },
    [{ path: 'a.zip/notes.txt', reason: 'unsupported' }],
  );

  it('splits DICOM studies from NIfTI ones and gives each its key and each series its uploadId', () => {
    expect(metadata.studies.map((s) => s.studyKey)).toEqual([studyKeyOf('1.2.3')]);
    expect(metadata.studies[0]?.series[0]?.uploadId).toBe(uploadIdOf('1.2.3', '1.2.3.1'));
    expect(metadata.nifties.map((s) => s.id)).toEqual(['nifti:a.zip/b.nii']);
  });

  it('keeps the skipped files with their reasons, by path', () => {
    expect(metadata.skipped).toEqual([
      { path: 'a.zip/notes.txt', reason: 'unsupported' },
      { path: 'a.zip/x.dcm', reason: 'no pixel data' },
    ]);
  });

  it('finds a series by uploadId and lists the paths a conversion may name', () => {
    expect(findSeries(metadata, uploadIdOf('1.2.3', '1.2.3.1'))?.study.id).toBe('1.2.3');
    expect(findSeries(metadata, '0000000000000000')).toBeNull();
    expect([...seriesPaths(metadata)]).toEqual(['a.zip/s/1.dcm', 'a.zip/b.nii']);
  });
});
