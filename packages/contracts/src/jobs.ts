import { z } from 'zod';
import { Id } from './common';

/**
 * Where the files of a series to convert are, within its upload session: the session's received files
 * (named by the page's file ids), or files its archives gave (paths the sort listed in its metadata).
 */
export const ConversionSource = z.discriminatedUnion('location', [
  z.object({ location: z.literal('local'), fileIds: z.array(z.string().min(1)).min(1) }),
  z.object({ location: z.literal('server'), paths: z.array(z.string().min(1)).min(1) }),
]);
export type ConversionSource = z.infer<typeof ConversionSource>;

export const ConvertSeriesJob = z.object({
  seriesId: Id,
  /** The upload session's uuid. */
  session: z.string(),
  type: z.enum(['dcm', 'nii']),
  /** De-identify what is stored and served (the study's 'Anonymize all'). */
  anonymize: z.boolean(),
  source: ConversionSource,
});
export type ConvertSeriesJob = z.infer<typeof ConvertSeriesJob>;

/** Background jobs and their payloads: ids and small facts; the worker reads the rest from the database. */
export const JOBS = {
  /** Converts one uploaded series to NIfTI from the bytes received, then de-identifies what it keeps. */
  'convert-series': ConvertSeriesJob,
  /** Inflates the archives of one upload session and reads what they hold (modules/archives). */
  'sort-session': z.object({ sessionId: Id }),
  /** Removes the raw files of an upload session once upload-finished has settled its studies. */
  'remove-upload-files': z.object({ sessionId: Id }),
  /** Removes the raw files of upload sessions abandoned for longer than UPLOAD_SESSION_TTL_HOURS. */
  'expire-upload-sessions': z.object({}),
  /** Deletes `POST log` events older than LOG_RETENTION_DAYS (log sessions). */
  'prune-activity-logs': z.object({}),
  /** Writes one research dataset export's zip (modules/dataset-exports). */
  'export-dataset': z.object({ exportId: Id }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;
