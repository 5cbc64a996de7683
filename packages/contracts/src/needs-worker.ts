import { z } from 'zod';
import { Id, Timestamp } from './common';

/**
 * What waits for a worker (issue 39 item 2; docs/decisions/0094-automatic-inference-needs-a-worker.md):
 * after a conversion an automatic inference is made only for a model that an online worker of the team,
 * or a platform worker, serves at that moment; the others are recorded against the series as needing a
 * worker, and the model is shown so, with what to do.
 */

/** The words shown on a series and on a model that no online worker serves. */
export const NEEDS_A_WORKER = 'needs a worker';
/** What to do about it, shown beside them. */
export const NEEDS_A_WORKER_HELP =
  'No online worker of the team or of the platform serves this model, so it is not run after conversion. ' +
  'Add a worker that serves it (with the model’s weights), or turn its automatic run off.';
/** The section of the workers' guide the UI points to. */
export const NEEDS_A_WORKER_DOCS = 'docs/ai-workers.md#models-that-need-a-worker';
/** The page where a worker is added (r:ai-workers). */
export const ADD_A_WORKER_PATH = '/admin/ai-workers';

const Uuid = z.string().uuid();

export const NeedsWorkerQuery = z.strictObject({
  /** One case's series only (a study uuid). */
  study: Uuid.optional(),
});
export type NeedsWorkerQuery = z.infer<typeof NeedsWorkerQuery>;

export const NeedsWorkerModel = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  /** Whether the team runs it after conversion (ai2/model-configuration). */
  automatic: z.boolean(),
  /** The team's inferences of it queued now (they wait until a worker serves it). */
  waiting: z.number().int(),
});
export type NeedsWorkerModel = z.infer<typeof NeedsWorkerModel>;

export const NeedsWorkerSeries = z.object({
  uuid: Uuid,
  name: z.string(),
  modality: z.string().nullable(),
  study: z.object({ uuid: Uuid, name: z.string() }),
  /** The model codes it was not run with for want of a worker. */
  models: z.array(z.string()),
  since: Timestamp,
});
export type NeedsWorkerSeries = z.infer<typeof NeedsWorkerSeries>;

/** Models no online worker serves that the team runs automatically or has waiting inferences of. */
export const NeedsWorker = z.object({
  models: z.array(NeedsWorkerModel),
  /** Series converted while a model they would have run with had no worker, newest first (100 at most). */
  series: z.array(NeedsWorkerSeries),
});
export type NeedsWorker = z.infer<typeof NeedsWorker>;

export const CancelWaitingBody = z.strictObject({
  /** Only this model's (its code); absent: every waiting inference of the team. */
  model: z.string().trim().min(1).max(64).optional(),
});
export type CancelWaitingBody = z.infer<typeof CancelWaitingBody>;

export const CancelWaiting = z.object({ cancelled: z.number().int() });
export type CancelWaiting = z.infer<typeof CancelWaiting>;

/** The series list's length. */
export const NEEDS_WORKER_SERIES_MAX = 100;
