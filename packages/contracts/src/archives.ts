import { z } from 'zod';
import { KEPT_FILE_NAMES, type UploadStudyBody } from './conversion';
import { endpoint } from './endpoint';
import { UploadSessionId } from './upload';

/**
 * Archives uploaded to a session (zip, and the spec's `*nii.gz` 'compressed' files) are inflated and read
 * on the server: the V2 states zip_uploading and zip_preview_processing (upload-and-organize.md 4, 7 V2).
 */

/** The server's id of a series it read from an archive (the spec's uploadAttributes.uploadId). */
export const ServerUploadId = z.string().regex(/^[a-f0-9]{16}$/, 'Not an upload id.');
/** The server's id of a study it read from an archive (the spec's studyKey). */
export const ServerStudyKey = ServerUploadId;

const Num = z.number().finite();
const NullableNum = Num.nullable();

/** A file inside an inflated archive: `path` is relative to the session's inflated files, archive first. */
export const ServerFileRef = z.object({ name: z.string(), size: z.number().int().min(0), path: z.string() });

const ServerRecognition = z.object({
  contrastAgent: z.string().nullable(),
  contrastStartTime: z.string().nullable(),
  contrastRoute: z.string().nullable(),
  acquisitionTime: z.string().nullable(),
  reconstructionTargetCenter: z.array(Num).nullable(),
  scanningSequence: z.string().nullable(),
  sequenceVariant: z.string().nullable(),
  repetitionTime: NullableNum,
  echoTime: NullableNum,
  inversionTime: NullableNum,
  diffusionBValue: NullableNum,
  diffusionGradientOrientation: z.array(Num).nullable(),
  imageType: z.array(z.string()),
  sliceLocation: NullableNum,
  bodyPart: z.string().nullable(),
});

/** A series read on the server: the page's UploadSeries (@voxa/imaging) plus its uploadId. */
export const ServerSeries = z.object({
  id: z.string(),
  uploadId: ServerUploadId,
  type: z.enum(['dcm', 'nii']),
  seriesNumber: NullableNum,
  seriesDescription: z.string().nullable(),
  protocolName: z.string().nullable(),
  imageComments: z.string().nullable(),
  acquisitionCode: z.string(),
  score: Num,
  ref_serie: z.literal(true).optional(),
  sort: Num,
  modalityCode: z.string(),
  cnt: Num,
  numberOfFrames: Num,
  rows: NullableNum,
  columns: NullableNum,
  sliceThickness: NullableNum,
  pixelSpacing: z.tuple([Num, Num]).nullable(),
  imagerPixelSpacing: z.tuple([Num, Num]).nullable(),
  windowCenter: Num,
  windowWidth: Num,
  rescaleIntercept: Num,
  rescaleSlope: Num,
  rescaleType: z.string(),
  bitsStored: NullableNum,
  bitsAllocated: NullableNum,
  samplesPerPixel: NullableNum,
  transferSyntaxUID: z.string().nullable(),
  SOPClassUID: z.string().nullable(),
  imageOrientationPatient: z.array(Num).nullable(),
  imageOrientationEqual: z.boolean(),
  tablePositionSpacing: NullableNum,
  cineRate: NullableNum,
  primaryAngle: NullableNum,
  secondaryAngle: NullableNum,
  totalFileSize: Num,
  files: z.array(ServerFileRef),
  isSelected: z.boolean(),
  valid: z.boolean(),
  recognition: ServerRecognition.nullable(),
});
export type ServerSeries = z.infer<typeof ServerSeries>;

/** A study read on the server: the page's UploadStudy plus its studyKey. */
export const ServerStudy = z.object({
  id: z.string(),
  studyKey: ServerStudyKey,
  studyInstanceUid: z.string().nullable(),
  patientName: z.string(),
  originalPatientName: z.string(),
  patientSex: z.string().nullable(),
  studyDate: z.string().nullable(),
  studyTime: z.string().nullable(),
  modality: z.string(),
  anonymize: z.boolean(),
  dirty: z.boolean(),
  edit: z.boolean(),
  series: z.array(ServerSeries),
});
export type ServerStudy = z.infer<typeof ServerStudy>;

/**
 * The upload page's study body for a study sorted on the server, as the server stores it itself (commander
 * import, DICOMweb ingest): neutral ids (the study's place in the upload), the caller's patient name, and
 * the study's reference-series marks and first file names only where the caller keeps them.
 */
export function serverStudyBody(
  study: ServerStudy,
  index: number,
  options: { patientName: string; keepRefSerie: boolean; keepFileNames: boolean },
): UploadStudyBody {
  return {
    id: String(index + 1),
    patientName: options.patientName,
    patientSex: study.patientSex,
    studyDate: study.studyDate,
    studyTime: study.studyTime,
    modality: study.modality,
    pipelineCode: null,
    series: study.series.map((s, j) => ({
      id: `${index + 1}/${j + 1}`,
      type: s.type,
      seriesNumber: s.seriesNumber,
      seriesDescription: s.seriesDescription,
      protocolName: s.protocolName,
      modalityCode: s.modalityCode,
      acquisitionCode: s.acquisitionCode || null,
      score: s.score,
      ref_serie: options.keepRefSerie && s.ref_serie === true,
      sort: s.sort,
      cnt: s.cnt,
      numberOfFrames: s.numberOfFrames,
      rows: s.rows,
      columns: s.columns,
      files: options.keepFileNames ? s.files.slice(0, KEPT_FILE_NAMES).map((f) => f.name) : [],
    })),
  };
}

/** One archive of the session after inflation: the files it gave, or why it was refused. */
export const InflatedArchive = z.object({
  /** The archive's name in the session (its uploaded name). */
  name: z.string(),
  files: z.number().int().min(0),
  error: z.string().nullable(),
});
export type InflatedArchive = z.infer<typeof InflatedArchive>;

/** none: never sorted; sorting: inflating and reading; sorted: metadata ready; error: the sort failed. */
export const ServerSortStatus = z.enum(['none', 'sorting', 'sorted', 'error']);
export type ServerSortStatus = z.infer<typeof ServerSortStatus>;

export const UploadedMetadata = z.object({
  status: ServerSortStatus,
  /** The sort's failure, when status is error (a refused archive is reported in `archives` instead). */
  error: z.string().nullable(),
  archives: z.array(InflatedArchive),
  /** DICOM studies, grouped as the page groups dropped files. */
  studies: z.array(ServerStudy),
  /** One study per NIfTI file found in the archives. */
  nifties: z.array(ServerStudy),
  /** Files found that give no series, with the reason (not DICOM, no pixel data, unreadable...). */
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
});
export type UploadedMetadata = z.infer<typeof UploadedMetadata>;

/** Payload of upload:server:inflation:one: one archive of the session inflated (or refused). */
export const InflationOneEvent = InflatedArchive.extend({ session: z.string() });
export type InflationOneEvent = z.infer<typeof InflationOneEvent>;

/** Payload of upload:server:inflated:all: every archive is inflated and read; the metadata is ready. */
export const InflatedAllEvent = z.object({
  session: z.string(),
  status: ServerSortStatus,
  studies: z.number().int().min(0),
  nifties: z.number().int().min(0),
});
export type InflatedAllEvent = z.infer<typeof InflatedAllEvent>;

const ARCHIVE_PERMISSIONS = ['r:upload', 'r:upload-v2'] as const;
const SessionParams = { session: UploadSessionId };

export const archives = {
  sortImages: endpoint({
    method: 'POST',
    path: '/c-upload/sort-images/server',
    scope: 'team',
    permissions: ARCHIVE_PERMISSIONS,
    summary:
      'Inflate the session’s uploaded archives and read what they hold (queued). Each archive ends with ' +
      'upload:server:inflation:one, the whole sort with upload:server:inflated:all; asking again while ' +
      'sorting or once sorted starts nothing new',
    body: z.strictObject({ session: UploadSessionId }),
    response: z.object({ status: ServerSortStatus }),
    status: 202,
  }),
  uploadedMetadata: endpoint({
    method: 'GET',
    path: '/c-upload/uploaded-metadata/server',
    scope: 'team',
    permissions: ARCHIVE_PERMISSIONS,
    summary: 'The studies and NIfTI files read from the session’s archives (empty until sorted)',
    query: z.strictObject({ session: UploadSessionId }),
    response: UploadedMetadata,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/c-upload/preview/:session/:uploadId',
    scope: 'team',
    permissions: ARCHIVE_PERMISSIONS,
    summary:
      'A PNG preview of one slice of a series read from an archive, windowed like the page’s (slice 0 by ' +
      'default; header X-Slices: the slices of the volume shown). Compressed transfer syntaxes go through ' +
      'dcm2niix once. 422 when the slice has no image (errors.preview: no-image or error)',
    params: z.strictObject({ ...SessionParams, uploadId: ServerUploadId }),
    query: z.strictObject({ slice: z.coerce.number().int().min(0).max(100_000).default(0) }),
    response: null,
    binary: 'image/png',
  }),
  createNifti: endpoint({
    method: 'GET',
    path: '/c-upload/create-nifti-from-serie/:session/:studyKey/:uploadId',
    scope: 'team',
    permissions: ARCHIVE_PERMISSIONS,
    summary:
      'The NIfTI (.nii) of a DICOM series read from an archive, converted with dcm2niix once and kept ' +
      'for the session; a NIfTI series answers its own file, inflated',
    params: z.strictObject({ ...SessionParams, studyKey: ServerStudyKey, uploadId: ServerUploadId }),
    response: null,
    binary: 'application/octet-stream',
  }),
};
