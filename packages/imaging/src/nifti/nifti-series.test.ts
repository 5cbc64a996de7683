import { describe, expect, it } from 'vitest';
import type { NiftiHeader } from '../types';
import { niftiSeries, niftiStudy } from './nifti-series';

const header: NiftiHeader = {
  width: 17,
  height: 21,
  slices: 3,
  volumes: 20,
  datatypeCode: 4,
  pixDims: [-1, 4, 4, 6, 3, 0, 0, 0],
  sclSlope: 0,
  sclInter: Number.NaN,
  littleEndian: true,
  description: '',
};
const file = { name: 'functional.nii', size: 43192, path: 'run1/functional.nii' };

describe('niftiSeries', () => {
  const series = niftiSeries(file, header);

  it('takes the NIfTI defaults', () => {
    expect(series).toMatchObject({
      id: 'run1/functional.nii',
      type: 'nii',
      seriesNumber: null,
      modalityCode: 'CT',
      acquisitionCode: 'AR',
      cnt: 3,
      numberOfFrames: 20,
      rows: 21,
      columns: 17,
      files: [file],
      totalFileSize: 43192,
      valid: true,
    });
  });

  it('normalises windowing: slope 0 is 1, NaN intercept is 0, default window', () => {
    expect(series).toMatchObject({
      rescaleSlope: 1,
      rescaleIntercept: 0,
      windowCenter: 0,
      windowWidth: 1000,
      rescaleType: 'HU',
    });
  });

  it('takes spacing from pixDims', () => {
    expect(series.pixelSpacing).toEqual([4, 4]);
    expect(series.sliceThickness).toBe(6);
  });

  it('uses the file name when there is no folder path', () => {
    expect(niftiSeries({ name: 'a.nii.gz', size: 1 }, header).id).toBe('a.nii.gz');
  });
});

describe('niftiStudy', () => {
  it('wraps the series for Unknown Patient, modality CT', () => {
    const series = niftiSeries(file, header);
    expect(niftiStudy(series)).toMatchObject({
      id: 'nifti:run1/functional.nii',
      patientName: 'Unknown Patient',
      originalPatientName: 'Unknown Patient',
      modality: 'CT',
      dirty: false,
      edit: false,
      series: [series],
    });
    expect(niftiStudy(series, 'own-id').id).toBe('own-id');
  });
});
