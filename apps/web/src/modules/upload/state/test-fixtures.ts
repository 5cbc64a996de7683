import type { UploadSeries, UploadStudy } from '@voxa/imaging';
import { lifecycleReducer } from './lifecycle';
import { initialUploadState, type UploadPageState } from './model';

/** A 10-slice CT series; override what the test is about. */
export function series(overrides: Partial<UploadSeries> = {}): UploadSeries {
  return {
    id: 'ct-1',
    type: 'dcm',
    seriesNumber: 1,
    seriesDescription: null,
    protocolName: null,
    imageComments: null,
    acquisitionCode: 'NONE',
    score: 0,
    sort: 1,
    modalityCode: 'CT',
    cnt: 10,
    numberOfFrames: 1,
    rows: 512,
    columns: 512,
    sliceThickness: null,
    pixelSpacing: null,
    imagerPixelSpacing: null,
    windowCenter: 0,
    windowWidth: 1000,
    rescaleIntercept: 0,
    rescaleSlope: 1,
    rescaleType: 'HU',
    bitsStored: null,
    bitsAllocated: null,
    samplesPerPixel: null,
    transferSyntaxUID: null,
    SOPClassUID: null,
    imageOrientationPatient: null,
    imageOrientationEqual: true,
    tablePositionSpacing: null,
    cineRate: null,
    primaryAngle: null,
    secondaryAngle: null,
    totalFileSize: 0,
    files: [],
    isSelected: true,
    valid: true,
    recognition: null,
    ...overrides,
  };
}

export function study(overrides: Partial<UploadStudy> = {}): UploadStudy {
  return {
    id: '1.2.3',
    studyInstanceUid: '1.2.3',
    patientName: 'Doe John',
    originalPatientName: 'Doe John',
    patientSex: null,
    studyDate: null,
    studyTime: null,
    modality: 'CT',
    anonymize: true,
    dirty: false,
    edit: false,
    series: [series()],
    ...overrides,
  };
}

/** A CT study of two series and a NIfTI study, read and moved on to preview. */
export function previewState(studies: UploadStudy[] = defaultStudies()): UploadPageState {
  const read = lifecycleReducer(initialUploadState(), { type: 'studiesRead', studies });
  return lifecycleReducer(read, { type: 'next' });
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
