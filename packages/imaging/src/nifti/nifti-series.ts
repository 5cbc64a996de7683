import type { FileRef, NiftiHeader } from '../types';
import type { UploadSeries, UploadStudy } from '../upload-model';
import { defaultAcquisition } from '../rules/acquisition';
import { niftiStudyDefaults } from '../rules/study';
import { normalizeWindowing } from '../rules/windowing';

/** One NIfTI file is one series; its id is the file's path (or name when dropped on its own). */
export function niftiSeries(file: FileRef, header: NiftiHeader): UploadSeries {
  const defaults = niftiStudyDefaults();
  const [, columnSpacing = null, rowSpacing = null, sliceSpacing = null] = header.pixDims;
  return {
    id: file.path ?? file.name,
    type: 'nii',
    seriesNumber: defaults.seriesNumber,
    seriesDescription: null,
    protocolName: null,
    imageComments: null,
    acquisitionCode: defaultAcquisition(defaults.modality),
    score: 0,
    sort: 1,
    modalityCode: defaults.modality,
    cnt: header.slices,
    numberOfFrames: header.volumes,
    rows: header.height,
    columns: header.width,
    sliceThickness: sliceSpacing,
    // DICOM order: spacing between rows, then between columns.
    pixelSpacing: rowSpacing !== null && columnSpacing !== null ? [rowSpacing, columnSpacing] : null,
    imagerPixelSpacing: null,
    ...normalizeWindowing({ rescaleSlope: header.sclSlope, rescaleIntercept: header.sclInter }),
    bitsStored: null,
    bitsAllocated: null,
    samplesPerPixel: null,
    transferSyntaxUID: null,
    SOPClassUID: null,
    imageOrientationPatient: null,
    // One volume on one grid: every slice shares the orientation.
    imageOrientationEqual: true,
    tablePositionSpacing: null,
    cineRate: null,
    primaryAngle: null,
    secondaryAngle: null,
    totalFileSize: file.size,
    files: [file],
    isSelected: true,
    valid: true,
    recognition: null,
  };
}

/**
 * The study a NIfTI file gets of its own. Its id is derived from the series id so the same file
 * always gets the same study; patient and modality are the NIfTI defaults.
 */
export function niftiStudy(series: UploadSeries, id = `nifti:${series.id}`): UploadStudy {
  const defaults = niftiStudyDefaults();
  return {
    id,
    studyInstanceUid: null,
    patientName: defaults.patientName,
    originalPatientName: defaults.patientName,
    patientSex: null,
    studyDate: null,
    studyTime: null,
    modality: defaults.modality,
    anonymize: true,
    dirty: false,
    edit: false,
    series: [series],
  };
}
