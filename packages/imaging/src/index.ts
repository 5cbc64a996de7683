export * from './types';
export * from './upload-model';
export * from './classify/classify';
export { fileExtension } from './classify/extension';
export * from './dicom/read-header';
export * from './group/group-dicom';
export type { DicomEntry } from './group/series';
export * from './rules/windowing';
export * from './rules/study';
export * from './rules/selection';
export * from './rules/acquisition';
export * from './rules/reference';
export * from './rules/sort';
export * from './rules/move';
export * from './rules/preview';
export * from './rules/series-number';
export * from './nifti/read-header';
export * from './nifti/nifti-series';
export * from './ingest/batching';
export * from './ingest/read-file';
export { GZIP_NIFTI_ERROR, GZIP_NOT_DICOM_ERROR } from './ingest/read-gzip';
export * from './gzip/gunzip';
export * from './ingest/studies';
export * from './pixels/pixel-frame';
export * from './pixels/transfer-syntax';
export * from './pixels/dicom-frame';
export * from './pixels/nifti-slice';
export * from './pixels/display';
export * from './pixels/render';
export * from './pixels/slice-source';
export * from './pixels/preview-size';
export * from './convert/dcm2niix';
export * from './labels/label-volume';
export * from './labels/write-rule';
export {
  applyChange,
  revertChange,
  mergeChanges,
  changeBytes,
  type ChangeRecord,
} from './labels/change-record';
export * from './labels/brush';
export * from './labels/flood-fill';
export * from './labels/contour-fill';
export * from './labels/label-figures';
export * from './labels/undo-stack';
