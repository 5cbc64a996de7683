import type { UploadSeries, UploadStudy } from '@voxa/imaging';
import { makeSeries, makeStudy } from '@voxa/imaging/test-fixtures';
import { lifecycleReducer } from './lifecycle';
import { initialUploadState, type UploadPageState } from './model';

/** A 10-slice CT series; override what the test is about. */
export const series = (overrides: Partial<UploadSeries> = {}): UploadSeries =>
  makeSeries({ id: 'ct-1', ...overrides });

/** A CT study holding one such series. */
export const study = (overrides: Partial<UploadStudy> = {}): UploadStudy =>
  makeStudy({
    id: '1.2.3',
    studyInstanceUid: '1.2.3',
    patientName: 'Doe John',
    originalPatientName: 'Doe John',
    series: [series()],
    ...overrides,
  });

/** A CT study of two series and a NIfTI study, read and moved on to preview. */
export function previewState(studies: UploadStudy[] = defaultStudies()): UploadPageState {
  const read = lifecycleReducer(initialUploadState(), { type: 'studiesRead', studies });
  return lifecycleReducer(read, { type: 'next', archives: false });
}

export function defaultStudies(): UploadStudy[] {
  return [
    study({ series: [series({ id: 'ct-1' }), series({ id: 'ct-2', seriesNumber: 2, sort: 2 })] }),
    study({
      id: 'nifti:brain.nii',
      studyInstanceUid: null,
      patientName: 'Unknown Patient',
      originalPatientName: 'Unknown Patient',
      series: [series({ id: 'brain.nii', type: 'nii', seriesNumber: null, acquisitionCode: 'AR' })],
    }),
  ];
}
