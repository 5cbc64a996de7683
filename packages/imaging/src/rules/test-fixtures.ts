import type { UploadSeries, UploadStudy } from '../upload-model';

/** A plain single-frame CT series for rule tests; override what the test is about. */
export function makeSeries(overrides: Partial<UploadSeries> = {}): UploadSeries {
  return {
    id: 'series-1',
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

export function makeStudy(overrides: Partial<UploadStudy> = {}): UploadStudy {
  return {
    id: 'study-1',
    studyInstanceUid: null,
    patientName: 'Doe^John',
    originalPatientName: 'Doe^John',
    patientSex: null,
    studyDate: null,
    studyTime: null,
    modality: 'CT',
    anonymize: true,
    dirty: false,
    edit: false,
    series: [],
    ...overrides,
  };
}
