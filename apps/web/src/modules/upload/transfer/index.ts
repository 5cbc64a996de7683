/**
 * The browser side of the chunked upload protocol (docs/decisions/0013-chunked-upload.md), free of React:
 * `uploadFiles(files, { session, connection: browserConnection(), onProgress, signal })`.
 */
export { browserConnection } from './browserConnection';
export { fileIdOf, planChunks } from './chunkPlan';
export type { SeriesTransferProgress } from './progress';
export { skippedNotice, type SkippedFile } from './skippedFiles';
export { teamPseudonyms } from './pseudonyms';
export { openSession, TransferError, type TransferConnection } from './transferClient';
export {
  uploadFiles,
  type FileOutcome,
  type TransferEvent,
  type TransferFile,
  type TransferResult,
  type UploadOptions,
} from './uploader';
