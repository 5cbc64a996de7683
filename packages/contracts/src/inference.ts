import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import { CancelWaiting, CancelWaitingBody, NeedsWorker, NeedsWorkerQuery } from './needs-worker';
import type { Permission } from './permissions';

/**
 * AI inference (teams-and-account.md 4, 7.6; upload-and-organize.md 4; issue 15 item 4;
 * docs/decisions/0047-inference.md): one model run over one series of a case (a study). Created, then
 * started with parameters; queued until a worker that serves the model leases it (`ai_jobs`, the one job
 * queue of AI workers), running with progress, then done (its result a segmentation of the case), failed
 * or cancelled. After a CT or MR series converts, inferences are created and started with the spec's codes
 * that an online worker serves at that moment; the others need a worker (needs-worker.ts, decision 0094).
 */

export const INFERENCE_STATES = ['created', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const InferenceState = z.enum(INFERENCE_STATES);
export type InferenceState = z.infer<typeof InferenceState>;

/** The model codes an inference is created with after a series of this modality converts (in this order). */
export const AUTO_INFERENCE_CODES: Readonly<Record<string, readonly string[]>> = {
  CT: ['total6mm', 'total'],
  MR: ['total-mr6mm', 'total-mr'],
};

/** Why a queued inference waits (shown beside it), or why it cannot be created or started. */
export const INFERENCE_NO_WORKER = (code: string) => `Waiting: no online worker serves the model ${code}.`;
export const INFERENCE_WORKERS_BUSY = 'Waiting for a free worker.';
export const INFERENCE_NO_SERIES = 'The case has no converted series this model can read.';
export const INFERENCE_NOT_CREATED = 'Only a created inference can be started.';
export const INFERENCE_ENDED = 'This inference has already ended.';

const Uuid = z.string().uuid();
/** Model parameters given at start (the spec's `mp`), passed to the worker as they are. */
const ModelParameters = z.record(z.string(), z.unknown());

export const InferenceCreateBody = z.strictObject({
  /** The case: the study's uuid. */
  caseId: Uuid,
  modelId: Id,
  /** The series of the case to run on (its uuid); absent: the reference series, else the first converted one. */
  taskId: Uuid.nullish(),
});
export type InferenceCreateBody = z.infer<typeof InferenceCreateBody>;

export const InferenceCreated = z.object({
  inferenceId: Id,
  caseId: Uuid,
  modelId: Id,
  /** The series it runs on. */
  taskId: Uuid,
});
export type InferenceCreated = z.infer<typeof InferenceCreated>;

/** The start's body: the create answer plus n and mp (absent: the model's defaults for the team). */
export const InferenceStartBody = InferenceCreated.extend({
  /** How many results the worker may return (ensembles, test-time augmentation): opaque to the platform. */
  n: z.number().int().min(1).max(100).optional(),
  mp: ModelParameters.optional(),
});
export type InferenceStartBody = z.infer<typeof InferenceStartBody>;

export const Inference = z.object({
  id: Id,
  state: InferenceState,
  /** 0..1 while running. */
  progress: z.number(),
  /** Why a queued one waits, a failed one's error, else null. */
  reason: z.string().nullable(),
  model: z.object({ id: Id.nullable(), code: z.string(), name: z.string().nullable() }),
  study: z.object({ uuid: Uuid, name: z.string(), code: z.string().nullable() }),
  series: z.object({ uuid: Uuid, name: z.string(), modality: z.string().nullable() }),
  /** The segmentation it produced (a done one). */
  segmentation_id: Id.nullable(),
  /** Created by the platform after conversion, not by a person. */
  automatic: z.boolean(),
  batch_id: Id.nullable(),
  attempts: z.number().int(),
  created_by_user_name: z.string().nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  updated_at: Timestamp,
});
export type Inference = z.infer<typeof Inference>;

/** One inference whole: what its worker said (the log's end, the trace id for its own logs). */
export const InferenceDetail = Inference.extend({
  trace_id: z.string(),
  log_tail: z.string(),
  max_attempts: z.number().int(),
  worker_name: z.string().nullable(),
  parameters: ModelParameters,
});
export type InferenceDetail = z.infer<typeof InferenceDetail>;

export const InferenceListQuery = z.strictObject({
  /** One case's inferences (a study uuid). */
  study: Uuid.optional(),
  state: InferenceState.optional(),
  model: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type InferenceListQuery = z.infer<typeof InferenceListQuery>;

export const INFERENCE_PAGE_SIZE = 20;
export const InferenceList = z.object({ data: z.array(Inference), total: z.number().int() });
export type InferenceList = z.infer<typeof InferenceList>;

/** A batch: one model over a selection of studies, or every study of a label (one inference per study). */
export const InferenceBatchBody = z
  .strictObject({
    modelId: Id,
    studies: z.array(Uuid).min(1).max(1000).optional(),
    labelId: Id.optional(),
    mp: ModelParameters.optional(),
  })
  .refine((body) => (body.studies === undefined) !== (body.labelId === undefined), {
    message: 'Give either studies or a label.',
  });
export type InferenceBatchBody = z.infer<typeof InferenceBatchBody>;

export const InferenceBatch = z.object({
  id: Id,
  model: z.object({ id: Id.nullable(), code: z.string(), name: z.string().nullable() }),
  label_name: z.string().nullable(),
  created_by_user_name: z.string().nullable(),
  created_at: Timestamp,
  total: z.number().int(),
  /** How many of its inferences are in each state. */
  counts: z.record(InferenceState, z.number().int()),
  /** Studies it skipped, with why (no series the model can read). */
  skipped: z.array(z.object({ uuid: Uuid, name: z.string(), reason: z.string() })),
});
export type InferenceBatch = z.infer<typeof InferenceBatch>;

export const InferenceBatchDetail = InferenceBatch.extend({ inferences: z.array(Inference) });
export type InferenceBatchDetail = z.infer<typeof InferenceBatchDetail>;

/** Per model: which workers serve it now, and the team's default parameters for its start. */
export const ModelConfiguration = z.object({
  model: z.object({ id: Id, code: z.string(), name: z.string(), runtime: z.string(), has_file: z.boolean() }),
  workers: z.array(
    z.object({
      id: Id,
      name: z.string(),
      status: z.enum(['new', 'online', 'offline']),
      platform: z.boolean(),
    }),
  ),
  defaults: z.object({ n: z.number().int().nullable(), mp: ModelParameters }),
  /** Whether inferences are created with it after conversion (the spec's codes) for this team. */
  automatic: z.boolean(),
});
export type ModelConfiguration = z.infer<typeof ModelConfiguration>;

export const ModelConfigurationBody = z.strictObject({
  n: z.number().int().min(1).max(100).nullable(),
  mp: ModelParameters,
  automatic: z.boolean(),
});
export type ModelConfigurationBody = z.infer<typeof ModelConfigurationBody>;

const READ_INFERENCES: readonly Permission[] = ['r:ai-infers', 'r:studies:detail'];
const InferenceParams = z.strictObject({ inferenceId: Id });

export const inference = {
  create: endpoint({
    method: 'POST',
    path: '/ai2/infer/create',
    scope: 'team',
    anyPermission: READ_INFERENCES,
    summary: 'Create an inference of a model over a case (the series taskId, or the case’s reference series)',
    body: InferenceCreateBody,
    response: InferenceCreated,
    status: 201,
  }),
  start: endpoint({
    method: 'POST',
    path: '/ai2/infer/start/:caseId/:inferenceId',
    host: 'services',
    scope: 'team',
    anyPermission: READ_INFERENCES,
    summary: 'Start a created inference with the create answer plus n and mp: it is queued for a worker',
    params: z.strictObject({ caseId: Uuid, inferenceId: Id }),
    body: InferenceStartBody,
    response: Inference,
  }),
  list: endpoint({
    method: 'GET',
    path: '/ai2/inferences',
    scope: 'team',
    anyPermission: READ_INFERENCES,
    summary: 'The team’s inferences, newest first, 20 a page; by case, state or model code',
    query: InferenceListQuery,
    response: InferenceList,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ai2/inference/:inferenceId',
    scope: 'team',
    anyPermission: READ_INFERENCES,
    summary: 'One inference with its attempts, worker, trace id and log tail',
    params: InferenceParams,
    response: InferenceDetail,
  }),
  cancel: endpoint({
    method: 'PUT',
    path: '/ai2/inference/:inferenceId/cancel',
    scope: 'team',
    permissions: ['r:ai-infers'],
    summary: 'Cancel an inference not yet ended (its worker is told to stop); an ended one answers 409',
    params: InferenceParams,
    response: Inference,
  }),
  createBatch: endpoint({
    method: 'POST',
    path: '/ai2/infer/batch',
    scope: 'team',
    permissions: ['r:ai-infers'],
    summary:
      'Run one model over a selection of studies or a label’s studies: an inference per study, started',
    body: InferenceBatchBody,
    response: InferenceBatch,
    status: 201,
  }),
  batches: endpoint({
    method: 'GET',
    path: '/ai2/infer/batches',
    scope: 'team',
    permissions: ['r:ai-infers'],
    summary: 'The team’s batches, newest first, with their counts per state',
    response: z.array(InferenceBatch),
  }),
  batch: endpoint({
    method: 'GET',
    path: '/ai2/infer/batch/:batchId',
    scope: 'team',
    permissions: ['r:ai-infers'],
    summary: 'One batch with its inferences (the progress table)',
    params: z.strictObject({ batchId: Id }),
    response: InferenceBatchDetail,
  }),
  configuration: endpoint({
    method: 'GET',
    path: '/ai2/model-configuration',
    scope: 'team',
    permissions: ['r:ai-model-configuration'],
    summary: 'Per model the team sees: the workers serving it now, the team’s defaults, automatic or not',
    response: z.array(ModelConfiguration),
  }),
  configure: endpoint({
    method: 'PUT',
    path: '/ai2/model-configuration/:modelId',
    scope: 'team',
    permissions: ['r:ai-model-configuration'],
    summary: 'Set the team’s defaults for a model (n, mp) and whether it runs after conversion',
    params: z.strictObject({ modelId: Id }),
    body: ModelConfigurationBody,
    response: ModelConfiguration,
  }),
  needsWorker: endpoint({
    method: 'GET',
    path: '/ai2/needs-worker',
    scope: 'team',
    anyPermission: READ_INFERENCES,
    summary: 'What waits for a worker: models no online worker serves, series not run for want of one',
    query: NeedsWorkerQuery,
    response: NeedsWorker,
  }),
  cancelWaiting: endpoint({
    method: 'PUT',
    path: '/ai2/inferences/cancel-waiting',
    scope: 'team',
    permissions: ['r:ai-infers'],
    summary: 'Cancel the team’s queued inferences at once, or one model’s (by its code)',
    body: CancelWaitingBody,
    response: CancelWaiting,
  }),
};
