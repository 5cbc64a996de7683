/**
 * Shared shapes of the imaging package (upload-and-organize.md section 3). Names follow the spec's
 * Series and Study fields so the upload page can use them as they are.
 */

/** What the V2 upload makes of a dropped file (section 5, V2). */
export type FileKind = 'dcm' | 'nii' | 'compressed' | 'unsupported' | 'duplicate';

/** A file as the browser (or a test) gives it: name, size, and its path inside a dropped folder. */
export interface FileRef {
  name: string;
  size: number;
  /** Path relative to the dropped folder (webkitRelativePath), when there is one. */
  path?: string;
}

/** Everything the upload needs from one DICOM instance's header. Absent attributes are null. */
export interface DicomHeader {
  sopClassUid: string | null;
  sopInstanceUid: string | null;
  transferSyntaxUid: string | null;
  studyInstanceUid: string | null;
  seriesInstanceUid: string | null;
  patientName: string | null;
  patientSex: string | null;
  studyDate: string | null;
  studyTime: string | null;
  studyDescription: string | null;
  bodyPartExamined: string | null;
  modality: string | null;
  seriesNumber: number | null;
  seriesDescription: string | null;
  protocolName: string | null;
  imageComments: string | null;
  imageType: string[];
  instanceNumber: number | null;
  /** Frames in this instance; 1 when the attribute is absent. */
  numberOfFrames: number;
  rows: number | null;
  columns: number | null;
  sliceThickness: number | null;
  pixelSpacing: [number, number] | null;
  imagerPixelSpacing: [number, number] | null;
  imagePositionPatient: [number, number, number] | null;
  imageOrientationPatient: number[] | null;
  sliceLocation: number | null;
  windowCenter: number | null;
  windowWidth: number | null;
  rescaleIntercept: number | null;
  rescaleSlope: number | null;
  rescaleType: string | null;
  bitsStored: number | null;
  bitsAllocated: number | null;
  samplesPerPixel: number | null;
  photometricInterpretation: string | null;
  /** CineRate, or 1000 / FrameTime when only that is given. */
  cineRate: number | null;
  primaryAngle: number | null;
  secondaryAngle: number | null;
  /** Attributes sent for AI acquisition recognition (section 3, key header attributes per modality). */
  recognition: RecognitionAttributes;
  hasPixelData: boolean;
  /** A Media Storage Directory (DICOMDIR, Philips DIRFILE): an index, not an image. */
  isDicomDir: boolean;
}

export interface RecognitionAttributes {
  contrastAgent: string | null;
  contrastStartTime: string | null;
  contrastRoute: string | null;
  acquisitionTime: string | null;
  reconstructionTargetCenter: number[] | null;
  scanningSequence: string | null;
  sequenceVariant: string | null;
  repetitionTime: number | null;
  echoTime: number | null;
  inversionTime: number | null;
  diffusionBValue: number | null;
  diffusionGradientOrientation: number[] | null;
}

/** What a series sends for recognition: its first slice's recognition attributes, image type, slice location and body part. */
export interface SeriesRecognitionAttributes extends RecognitionAttributes {
  imageType: string[];
  sliceLocation: number | null;
  bodyPart: string | null;
}

/** Header of a NIfTI-1 or NIfTI-2 file. */
export interface NiftiHeader {
  /** dims[1..3] */
  width: number;
  height: number;
  slices: number;
  /** dims[4] (1 for 3D). */
  volumes: number;
  datatypeCode: number;
  pixDims: number[];
  sclSlope: number;
  sclInter: number;
  littleEndian: boolean;
  description: string;
}

/** Acquisition codes used by the rules; the full list comes from the server (GET /acquisition). */
export const ACQUISITION_NONE = 'NONE';
export const DEFAULT_ACQUISITION: Readonly<Record<string, string>> = { CT: 'AR', MR: 'T2W' };
/** Score of an acquisition a person chose by hand (section 4, auto recognition). */
export const MANUAL_ACQUISITION_SCORE = 1.1;
export const PET_SOP_CLASS = '1.2.840.10008.5.1.4.1.1.128';
export const NIFTI_DEFAULT_MODALITY = 'CT';
export const NIFTI_DEFAULT_PATIENT = 'Unknown Patient';
/** A file without extension above this many bytes is taken for DICOM (section 5, V2). */
export const NO_EXTENSION_DICOM_MIN_BYTES = 10240;
export const UNSUPPORTED_FILE_MESSAGE = 'This file type is not supported. Try different format.';
