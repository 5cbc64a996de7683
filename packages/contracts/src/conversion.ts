import { z } from 'zod';
import { Id } from './common';
import { endpoint } from './endpoint';
import { DicomUid, SeriesConverter } from './studies';

/** Series status (upload-and-organize.md section 4). */
export const SERIES_STATUSES = [
  'skipped',
  'uploading',
  'uploaded',
  'converting',
  'generatingNii',
  'done',
  'error',
] as const;
export const SeriesStatus = z.enum(SERIES_STATUSES);
export type SeriesStatus = z.infer<typeof SeriesStatus>;

/** A stored study: uploading until its series convert, then converted (one series done) or error. */
export const StudyStatus = z.enum(['uploading', 'converting', 'converted', 'error']);
export type StudyStatus = z.infer<typeof StudyStatus>;

/** Only the first file names of a series are kept (section 9). */
export const KEPT_FILE_NAMES = 10;

const Text = (max: number) => z.string().max(max).nullable().default(null);
const Count = z.number().int().min(0).max(10_000_000);

export const UploadSeriesBody = z.strictObject({
  /**
   * The page's id of the series in this upload, echoed by the events. Stored with the study, so the page
   * sends a neutral one (its place in the upload), never a SeriesInstanceUID or file path.
   */
  id: z.string().min(1).max(1024),
  type: z.enum(['dcm', 'nii']),
  seriesNumber: z.number().int().min(0).max(2_147_483_647).nullable(),
  seriesDescription: Text(256),
  protocolName: Text(256),
  modalityCode: z.string().min(1).max(16),
  acquisitionCode: z.string().max(32).nullable().default(null),
  score: z.number().finite().nullable().default(null),
  ref_serie: z.boolean().default(false),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  cnt: Count,
  numberOfFrames: Count,
  rows: Count.nullable().default(null),
  columns: Count.nullable().default(null),
  files: z.array(z.string().max(1024)).max(KEPT_FILE_NAMES).default([]),
});
export type UploadSeriesBody = z.infer<typeof UploadSeriesBody>;

export const UploadStudyBody = z.strictObject({
  /** The page's id of the study in this upload, echoed by the events; neutral, as the series' id. */
  id: z.string().min(1).max(1024),
  /** With anonymize on, the pseudonym from POST /c-upload/a. */
  patientName: z.string().max(256),
  patientSex: Text(16),
  studyDate: Text(16),
  studyTime: Text(32),
  modality: z.string().min(1).max(16),
  pipelineCode: Text(64),
  series: z.array(UploadSeriesBody).min(1).max(5000),
});
export type UploadStudyBody = z.infer<typeof UploadStudyBody>;

const UploadSessionRef = z.string().uuid();

export const StoredStudy = z.object({
  id: Id,
  uuid: z.string().uuid(),
  /** The V1 name of `uuid`. */
  studyUuid: z.string().uuid(),
  /** As stored: remapped within the team when anonymised. */
  studyInstanceUid: z.string().nullable(),
  series: z.array(z.object({ id: Id, uuid: z.string().uuid(), clientId: z.string() })),
});
export type StoredStudy = z.infer<typeof StoredStudy>;

export const ConvertSeriesBody = z.strictObject({
  studyClientId: z.string().min(1).max(1024),
  studyRemoteId: Id,
  studyRemoteUuid: z.string().uuid(),
  serieClientUploadId: z.string().min(1).max(1024),
  serieRemoteId: Id,
  serieRemoteUuid: z.string().uuid(),
  type: z.enum(['dcm', 'nii']),
  location: z.enum(['local', 'server']),
  /** The upload file ids (or, for archives inflated on the server, their stored paths) of the series. */
  files: z.array(z.string().min(1).max(1024)).min(1).max(100_000),
  modalityCode: z.string().min(1).max(16),
  anonymize: z.boolean(),
  /** The series' place in the conversion order of its upload. */
  idx: z.number().int().min(0).max(1_000_000),
});
export type ConvertSeriesBody = z.infer<typeof ConvertSeriesBody>;

export const conversion = {
  createStudy: endpoint({
    method: 'POST',
    path: '/upload/studies',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'Store a study and its series before their files convert (V2 with ?version=2)',
    query: z.strictObject({ version: z.enum(['1', '2']).optional() }),
    body: z.strictObject({
      study: UploadStudyBody,
      /** The original StudyInstanceUID; null for a NIfTI-only study. */
      studyInstanceUid: DicomUid.nullable(),
      bodyPart: z.string().max(64).nullable().default(null),
      labels: z.array(Id).max(100).default([]),
      session_id: UploadSessionRef,
      anonymize: z.boolean(),
    }),
    response: StoredStudy,
    status: 201,
  }),
  convertSeries: endpoint({
    method: 'POST',
    path: '/c-upload/convert/serie/:session',
    scope: 'team',
    permissions: ['r:upload'],
    summary:
      'Convert one uploaded series to NIfTI (queued; upload:conversion:oneserie:done or :error tells the end)',
    params: z.strictObject({ session: UploadSessionRef }),
    body: ConvertSeriesBody,
    response: z.object({ status: SeriesStatus }),
    status: 202,
  }),
  changeStatus: endpoint({
    method: 'POST',
    path: '/upload/change-status',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'Set a study’s status (converted or error) as the page concludes it',
    body: z.strictObject({ uuid: z.string().uuid(), id: Id, state: StudyStatus }),
    response: z.object({ status: StudyStatus }),
  }),
  finished: endpoint({
    method: 'POST',
    path: '/upload-finished',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'End an upload: each study gets its final status and the session’s raw files are removed',
    body: z.strictObject({
      studies: z
        .array(z.strictObject({ studyUuid: z.string().uuid() }))
        .min(1)
        .max(1000),
    }),
    response: z.object({ studies: z.array(z.object({ studyUuid: z.string(), status: StudyStatus })) }),
  }),
};

/** Payload of upload:conversion:oneserie:done and :error. */
export const SeriesConversionEvent = z.object({
  studyUuid: z.string(),
  seriesUuid: z.string(),
  /** The page's ids, so it can find its series without a lookup. */
  studyClientId: z.string(),
  serieClientUploadId: z.string(),
  status: SeriesStatus,
  message: z.string().optional(),
  /** What dcm2niix warned of for a done series: its output may need a look. */
  warnings: z.array(z.string()).optional(),
  /** Which dcm2niix converted a done series, shown beside its warnings. */
  converter: SeriesConverter.optional(),
});
export type SeriesConversionEvent = z.infer<typeof SeriesConversionEvent>;
