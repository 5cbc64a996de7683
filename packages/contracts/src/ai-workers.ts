import { z } from 'zod';
import { Id, Timestamp } from './common';
import { ModelRuntimeSpec } from './ai-runtime';
import { endpoint } from './endpoint';

/**
 * AI workers (issue 15 item 2; docs/decisions/0045-ai-workers.md): processes that run models (a GPU box
 * with nnU-Net or TotalSegmentator, the built-in CPU worker) and speak one small protocol: register with a
 * token, heartbeat, lease a job, read its inputs, report progress, hand back a label map, finish or fail.
 * A team manages its workers at /admin/ai-workers (r:ai-workers); a worker serves its team's jobs only. A
 * platform worker (the built-in CPU worker) has no team and serves every team's; teams see it, read-only.
 */

/** Worker tokens start so: the server knows a worker's token from a user's without a lookup. */
export const WORKER_TOKEN_PREFIX = 'vxw_';
/** Why a team cannot revoke a platform worker (403). */
export const AI_WORKER_PLATFORM = 'A platform worker serves every team: no team can revoke it.';
/** A worker unheard of for this long is shown offline. */
export const WORKER_OFFLINE_AFTER_SECONDS = 60;
/** How often a worker is asked to heartbeat. */
export const WORKER_HEARTBEAT_SECONDS = 15;
/** A leased job goes back to the queue when its worker is silent this long (a heartbeat renews it). */
export const JOB_LEASE_SECONDS = 90;
/** Attempts before a job whose workers keep vanishing fails. */
export const JOB_MAX_ATTEMPTS = 3;
/** The end of a job's log kept and shown. */
export const JOB_LOG_TAIL_CHARS = 4000;

export const AI_RUNTIMES = ['onnx', 'external'] as const;
export const AiRuntime = z.enum(AI_RUNTIMES);

/** What a job asks of its worker: run a model, or train one (docs/decisions/0052-trainings.md). */
export const AI_JOB_KINDS = ['inference', 'training'] as const;
export const AiJobKind = z.enum(AI_JOB_KINDS);
export type AiJobKind = z.infer<typeof AiJobKind>;

export const AI_JOB_STATES = ['created', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const AiJobState = z.enum(AI_JOB_STATES);
export type AiJobState = z.infer<typeof AiJobState>;

const WorkerName = z.string().trim().min(1).max(128);
const ModelCode = z.string().trim().min(1).max(64);

export const AiJobSummary = z.object({
  id: Id,
  model_code: z.string(),
  state: AiJobState,
  progress: z.number(),
  attempts: z.number().int(),
  trace_id: z.string(),
  log_tail: z.string(),
  error: z.string().nullable(),
  updated_at: Timestamp,
});
export type AiJobSummary = z.infer<typeof AiJobSummary>;

export const AiWorker = z.object({
  id: Id,
  name: z.string(),
  status: z.enum(['new', 'online', 'offline']),
  runtimes: z.array(z.string()),
  models: z.array(z.string()),
  capacity: z.number().int(),
  version: z.string().nullable(),
  last_seen_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** A platform worker: it serves every team (the built-in CPU worker). */
  platform: z.boolean(),
  /** Whether the asking team may revoke it (its own workers; never a platform worker). */
  can_revoke: z.boolean(),
  /** Its jobs of the asking team, newest first: running ones and the last few ended. */
  jobs: z.array(AiJobSummary),
});
export type AiWorker = z.infer<typeof AiWorker>;

export const WorkerRegistration = z.strictObject({
  runtimes: z.array(AiRuntime).min(1).max(8),
  /** Model codes it serves. */
  models: z.array(ModelCode).min(1).max(200),
  /** Jobs it runs at once. */
  capacity: z.number().int().min(1).max(64),
  version: z.string().trim().max(64).optional(),
  /** The kinds of job it runs; absent: inference only, so a worker that does not train never gets a training. */
  kinds: z.array(AiJobKind).min(1).max(2).optional(),
});
export type WorkerRegistration = z.infer<typeof WorkerRegistration>;

/** What a worker gets with a lease: everything it needs to run the job and find its inputs. */
export const LeasedJob = z.object({
  id: Id,
  trace_id: z.string(),
  attempt: z.number().int(),
  lease_expires_at: Timestamp,
  model: z.object({ id: z.number().int().nullable(), code: z.string() }),
  /** The series' volumes, each read at GET /ai-worker/jobs/{id}/input/{volume} (NIfTI bytes). */
  inputs: z.array(z.object({ volume: z.number().int(), name: z.string() })),
  /** The label values the result may hold, with their titles. */
  segments: z.array(z.object({ title: z.string(), value: z.number().int() })),
  /** The start's parameters as given: an inference's n and mp, a training's epochs, split, rate, patch. */
  parameters: z.record(z.string(), z.unknown()),
  kind: AiJobKind,
  /**
   * A training's set, null for an inference: each segmentation with its series' volumes (read at
   * GET /ai-worker/jobs/{id}/segmentations/{segmentationId}/input/{volume}) and whether it has a mask (read
   * at …/mask, a gzipped NIfTI label map on the series' grid).
   */
  training: z
    .object({
      segmentation_ids: z.array(Id),
      segmentations: z.array(
        z.object({
          segmentation_id: Id,
          inputs: z.array(z.object({ volume: z.number().int(), name: z.string() })),
          has_mask: z.boolean(),
        }),
      ),
    })
    .nullable(),
});
export type LeasedJob = z.infer<typeof LeasedJob>;

const JobParams = z.strictObject({ jobId: Id });

/** Why a training cannot finish yet (409). */
export const TRAINING_NO_CHECKPOINT =
  'No checkpoint was uploaded: a training finishes with its best checkpoint (fail it otherwise).';

/**
 * The multipart fields of a checkpoint, sent before its part `file` (the ONNX bytes): the epoch it is of,
 * its validation Dice, and the runtime spec it runs with (JSON), which the derived model gets.
 */
export const CheckpointFields = z.strictObject({
  epoch: z.coerce.number().int().min(1).max(100_000),
  val_dice: z.coerce.number().min(0).max(1),
  spec: z
    .string()
    .max(100_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The spec must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(ModelRuntimeSpec),
});
export type CheckpointFields = z.infer<typeof CheckpointFields>;

/** What the server answers to a checkpoint: whether it is now the best, and the best so far. */
export const CheckpointReceipt = z.object({
  kept: z.boolean(),
  best: z.object({ epoch: z.number().int(), val_dice: z.number() }),
});
export type CheckpointReceipt = z.infer<typeof CheckpointReceipt>;
const LogText = z.string().max(100_000);

export const aiWorkers = {
  list: endpoint({
    method: 'GET',
    path: '/ai-workers',
    scope: 'team',
    permissions: ['r:ai-workers'],
    summary: 'The team’s AI workers with their state (new, online, offline), what they serve, and their jobs',
    response: z.array(AiWorker),
  }),
  create: endpoint({
    method: 'POST',
    path: '/ai-workers',
    scope: 'team',
    permissions: ['r:ai-workers'],
    summary: 'Add a worker: its token is answered once (only its hash is kept)',
    body: z.strictObject({ name: WorkerName }),
    response: z.object({ worker: AiWorker, token: z.string() }),
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/ai-workers/:workerId',
    scope: 'team',
    permissions: ['r:ai-workers'],
    summary: 'Revoke a worker’s token; the jobs it held go back to the queue',
    params: z.strictObject({ workerId: Id }),
    response: null,
    status: 204,
  }),
};

/** The worker protocol: called with `Authorization: Bearer vxw_…`. */
export const aiWorkerProtocol = {
  register: endpoint({
    method: 'POST',
    path: '/ai-worker/register',
    scope: 'worker',
    summary: 'A worker says what it runs (runtimes, model codes, capacity); answers how often to heartbeat',
    body: WorkerRegistration,
    response: z.object({
      worker_id: Id,
      heartbeat_seconds: z.number().int(),
      lease_seconds: z.number().int(),
    }),
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: '/ai-worker/heartbeat',
    scope: 'worker',
    summary:
      'The worker is alive: the leases of the jobs it names are renewed; answers those of them cancelled or no longer its own',
    body: z.strictObject({ running: z.array(Id).max(64) }),
    response: z.object({ stop: z.array(Id) }),
  }),
  lease: endpoint({
    method: 'POST',
    path: '/ai-worker/lease',
    scope: 'worker',
    summary:
      'The oldest queued job of the worker’s team for a model it serves, while it has capacity; job null when there is none',
    response: z.object({ job: LeasedJob.nullable() }),
  }),
  input: endpoint({
    method: 'GET',
    path: '/ai-worker/jobs/:jobId/input/:volume',
    scope: 'worker',
    summary: 'One input volume of a job the worker holds, as NIfTI bytes',
    params: z.strictObject({ jobId: Id, volume: z.coerce.number().int().min(0).max(10_000) }),
    response: null,
    binary: 'application/octet-stream',
  }),
  trainingInput: endpoint({
    method: 'GET',
    path: '/ai-worker/jobs/:jobId/segmentations/:segmentationId/input/:volume',
    scope: 'worker',
    summary: 'One volume of the series of a segmentation in a training the worker holds, as NIfTI bytes',
    params: z.strictObject({
      jobId: Id,
      segmentationId: Id,
      volume: z.coerce.number().int().min(0).max(10_000),
    }),
    response: null,
    binary: 'application/octet-stream',
  }),
  trainingMask: endpoint({
    method: 'GET',
    path: '/ai-worker/jobs/:jobId/segmentations/:segmentationId/mask',
    scope: 'worker',
    summary:
      'The current mask of a segmentation in a training the worker holds: a gzipped NIfTI label map on its series’ grid',
    params: z.strictObject({ jobId: Id, segmentationId: Id }),
    response: null,
    binary: 'application/octet-stream',
  }),
  progress: endpoint({
    method: 'POST',
    path: '/ai-worker/jobs/:jobId/progress',
    scope: 'worker',
    summary: 'Progress (0..1) and log lines of a job the worker holds; renews its lease',
    params: JobParams,
    body: z.strictObject({ progress: z.number().min(0).max(1), log: LogText.optional() }),
    response: z.object({ stop: z.boolean() }),
  }),
  metrics: endpoint({
    method: 'POST',
    path: '/ai-worker/jobs/:jobId/metrics',
    scope: 'worker',
    summary:
      'One epoch of a training the worker holds: its loss and validation Dice (the curves); renews its lease, answers stop when it was stopped',
    params: JobParams,
    body: z.strictObject({
      epoch: z.number().int().min(1).max(100_000),
      loss: z.number().finite(),
      val_dice: z.number().min(0).max(1),
      log: LogText.optional(),
    }),
    response: z.object({ stop: z.boolean() }),
  }),
  checkpoint: endpoint({
    method: 'PUT',
    path: '/ai-worker/jobs/:jobId/checkpoint',
    scope: 'worker',
    summary:
      'A checkpoint of a training the worker holds: multipart fields epoch, val_dice, spec (the ModelRuntimeSpec as ' +
      'JSON), then the part `file` with the ONNX bytes (up to AI_MODEL_MAX_BYTES, else 413). The server keeps the ' +
      'one of the highest validation Dice',
    params: JobParams,
    response: CheckpointReceipt,
  }),
  finish: endpoint({
    method: 'POST',
    path: '/ai-worker/jobs/:jobId/finish',
    scope: 'worker',
    summary:
      'A training the worker holds is done. Its best checkpoint becomes a derived model of the team when its validation ' +
      'Dice reaches the model’s min_val_dice (learned); else the training did not learn and no model is made (model_id ' +
      'null) until a user promotes it. Once: a repeated call answers the same',
    params: JobParams,
    body: z.strictObject({ log: LogText.optional() }),
    response: z.object({ model_id: Id.nullable(), learned: z.boolean() }),
  }),
  result: endpoint({
    method: 'PUT',
    path: '/ai-worker/jobs/:jobId/result',
    scope: 'worker',
    summary:
      'The label map of a job the worker holds (.nii or .nii.gz on the series’ grid, the job’s segment values): it becomes a segmentation of the case and the job is done',
    params: JobParams,
    rawBody: 'application/octet-stream',
    response: z.object({ segmentation_id: Id }),
  }),
  fail: endpoint({
    method: 'POST',
    path: '/ai-worker/jobs/:jobId/fail',
    scope: 'worker',
    summary: 'A job the worker holds failed: it ends failed with the message (not retried)',
    params: JobParams,
    body: z.strictObject({ message: z.string().trim().min(1).max(2000), log: LogText.optional() }),
    response: null,
    status: 204,
  }),
};
