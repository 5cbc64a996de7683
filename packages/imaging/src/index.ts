export * from './types';
export * from './upload-model';
export * from './classify/classify';
export { fileExtension } from './classify/extension';
export * from './dicom/read-header';
export * from './group/group-dicom';
export type { DicomEntry } from './group/series';
