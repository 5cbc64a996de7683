import type { FileRef, SeriesRecognitionAttributes } from './types';

/** A series on the V2 upload page (section 3, Series), before any upload state is added. */
export interface UploadSeries {
  /** SeriesInstanceUID for DICOM; the file's path for a NIfTI file (one file, one series). */
  id: string;
  type: 'dcm' | 'nii';
  seriesNumber: number | null;
  seriesDescription: string | null;
  protocolName: string | null;
  imageComments: string | null;
  acquisitionCode: string;
  score: number;
  /** true on the study's reference series; absent otherwise, as the spec has it. */
  ref_serie?: true;
  sort: number;
  modalityCode: string;
  /** Slices: instances for DICOM, dims[3] for NIfTI. */
  cnt: number;
  numberOfFrames: number;
  rows: number | null;
  columns: number | null;
  sliceThickness: number | null;
  pixelSpacing: [number, number] | null;
  imagerPixelSpacing: [number, number] | null;
  windowCenter: number;
  windowWidth: number;
  rescaleIntercept: number;
  rescaleSlope: number;
  rescaleType: string;
  bitsStored: number | null;
  bitsAllocated: number | null;
  samplesPerPixel: number | null;
  transferSyntaxUID: string | null;
  SOPClassUID: string | null;
  imageOrientationPatient: number[] | null;
  /** Every slice has the same orientation (V1 rule: selectable with more than 1 slice of equal orientation). */
  imageOrientationEqual: boolean;
  /** Distance between consecutive slice positions, when constant; null otherwise or with one slice. */
  tablePositionSpacing: number | null;
  cineRate: number | null;
  primaryAngle: number | null;
  secondaryAngle: number | null;
  totalFileSize: number;
  /** In slice order (instance number, then position). */
  files: FileRef[];
  isSelected: boolean;
  /** Can be uploaded: has image data the product can use. */
  valid: boolean;
  /** Key header attributes for acquisition recognition (section 3); null for NIfTI, which has none. */
  recognition: SeriesRecognitionAttributes | null;
  /**
   * Set when the series was read on the server from an uploaded archive (uploadAttributes.location
   * 'server'): its files are there, `files[].path` relative to the session's inflated files.
   */
  uploadId?: string;
}

/** A study on the V2 upload page (section 3, Study (upload)). */
export interface UploadStudy {
  /** StudyInstanceUID for DICOM; a generated id for a NIfTI file's own study. */
  id: string;
  studyInstanceUid: string | null;
  patientName: string;
  originalPatientName: string;
  patientSex: string | null;
  studyDate: string | null;
  studyTime: string | null;
  modality: string;
  anonymize: boolean;
  dirty: boolean;
  edit: boolean;
  series: UploadSeries[];
  /** Set when the study was read on the server from an uploaded archive. */
  studyKey?: string;
}
