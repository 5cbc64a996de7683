import { z } from 'zod';
import { Id } from './common';

/** Background jobs and their payloads: ids only, the worker reads the rest from the database. */
export const JOBS = {
  /** Converts one uploaded series to NIfTI (de-identifying it first when the study asks for it). */
  'convert-series': z.object({ seriesId: Id }),
  /** Inflates the archives of one upload session and reads what they hold (modules/archives). */
  'sort-session': z.object({ sessionId: Id }),
  /** Removes the raw files of upload sessions abandoned for longer than UPLOAD_SESSION_TTL_HOURS. */
  'expire-upload-sessions': z.object({}),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;
