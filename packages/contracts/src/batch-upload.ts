import { z } from 'zod';
import { InflatedArchive, ServerSortStatus, ServerStudy } from './archives';
import { endpoint } from './endpoint';
import { ChunkReceipt, UploadSessionId } from './upload';

/**
 * The V1 upload (upload-and-organize.md 2, 4, 7 V1): one action `POST /batch-upload` (prepare, move,
 * check-status), its chunked file upload, and two calls on the services host. It runs on V2's machinery:
 * the same sessions and chunk store, archive sort, study store, de-identification and conversion queue
 * (docs/decisions/0064).
 */

/** V1 constants (section 9). */
export const BATCH_UPLOAD = {
  threads: 2,
  minChunkBytes: 2_097_152,
  activeChunks: 1,
  retries: 5,
  statusPollMs: 3000,
  firstStatusDelayMs: 3000,
  afterUploadPollMs: 5000,
  /** After-upload polling stops after this many failed checks in a row (section 8). */
  afterUploadFailures: 3,
  /** Series of 1 to this many images without frames are deselected after parsing (section 4). */
  smallSeriesImages: 5,
} as const;

const Uuid = z.string().uuid();

/** A series to convert: its stored uuids, and its files where they are (uploaded names or archive paths). */
export const BatchMoveSeries = z.strictObject({
  studyUuid: Uuid,
  seriesUuid: Uuid,
  location: z.enum(['local', 'server']),
  /** Upload file ids (local) or paths in the session's inflated archives (server). */
  files: z.array(z.string().min(1).max(1024)).min(1).max(100_000),
});
export type BatchMoveSeries = z.infer<typeof BatchMoveSeries>;

export const BatchPrepare = z.strictObject({ prepare: z.literal(true) });
export const BatchMove = z.strictObject({
  move: z.literal(1),
  session_id: UploadSessionId,
  studies: z
    .array(z.strictObject({ studyUuid: Uuid }))
    .min(1)
    .max(1000),
  series: z.array(BatchMoveSeries).min(1).max(5000),
});
export const BatchCheckStatus = z.strictObject({
  'check-status': z.literal(1),
  studies: z.array(Uuid).min(1).max(1000),
});

/** A series' state as check-status tells it: converting until it is converted or in error. */
export const BatchSeriesState = z.object({
  seriesUuid: z.string(),
  status: z.enum(['converting', 'converted', 'error']),
  data: z.object({ patientName: z.string() }),
});
export type BatchSeriesState = z.infer<typeof BatchSeriesState>;

export const BatchSession = z.object({ session: UploadSessionId });
export const BatchMoved = z.object({
  studies: z.array(
    z.object({ studyUuid: z.string(), series: z.array(z.object({ seriesUuid: z.string() })) }),
  ),
});
/** Per study uuid, the states of its series. */
export const BatchStatuses = z.object({ studies: z.record(z.string(), z.array(BatchSeriesState)) });

export const AfterUploadResult = z.object({
  status: ServerSortStatus,
  error: z.string().nullable(),
  /** With ?check=1 once sorted: what the session's archives held. */
  result: z
    .object({
      studies: z.array(ServerStudy),
      archives: z.array(InflatedArchive),
      skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
    })
    .nullable(),
});
export type AfterUploadResult = z.infer<typeof AfterUploadResult>;

const V1_PERMISSIONS = ['r:upload'] as const;
const SessionParams = z.strictObject({ session: UploadSessionId });

export const batchUpload = {
  action: endpoint({
    method: 'POST',
    path: '/batch-upload',
    scope: 'team',
    permissions: V1_PERMISSIONS,
    summary:
      'The V1 upload action: {prepare:true} opens a session ({session}); {move:1, session_id, studies, ' +
      'series} queues the conversion of the stored studies’ series from their uploaded files; ' +
      '{check-status:1, studies} answers each study’s series states (converting, converted or error)',
    body: z.union([BatchPrepare, BatchMove, BatchCheckStatus]),
    response: z.union([BatchSession, BatchMoved, BatchStatuses]),
  }),
  chunk: endpoint({
    method: 'POST',
    path: '/batch-upload/file',
    scope: 'team',
    permissions: V1_PERMISSIONS,
    summary:
      'One chunk of a V1 file, as POST /c-upload/file (header Upload, fields name, session_id, preview, ' +
      'then the part `file`): the same chunk store',
    response: ChunkReceipt,
  }),
  afterUpload: endpoint({
    method: 'POST',
    path: '/batch-upload/after-upload/:session',
    host: 'services',
    scope: 'team',
    permissions: V1_PERMISSIONS,
    summary:
      'After the V1 upload: inflate the session’s archives (zip, RAR, tar.gz) and read them (queued); ' +
      'with ?check=1, the sort’s state and, once sorted, result.studies',
    params: SessionParams,
    query: z.strictObject({ check: z.literal('1').optional() }),
    response: AfterUploadResult,
  }),
  pixelData: endpoint({
    method: 'POST',
    path: '/batch-upload/get-dcm-pixel-data/:session',
    host: 'services',
    scope: 'team',
    permissions: V1_PERMISSIONS,
    summary:
      'The stored pixel values of one frame of a DICOM file of the session (an uploaded file’s name or a ' +
      'path in its archives), little endian as the file holds them (RGB interleaved); 422 when the file ' +
      'has no such frame or its size is not the one given, or its pixel data is compressed',
    params: SessionParams,
    body: z.strictObject({
      file: z.string().min(1).max(1024),
      numberOfFrames: z.number().int().min(1).max(100_000),
      columns: z.number().int().min(1).max(65_535),
      rows: z.number().int().min(1).max(65_535),
      frame: z.number().int().min(0).max(99_999).default(0),
    }),
    response: null,
    binary: 'application/octet-stream',
  }),
};
