import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import { InferenceState } from './inference';

/**
 * Pipelines and flows (teams-and-account.md 2 "Pipelines and flows", permissions r:pipeline and r:flow;
 * upload-and-organize.md 3, 5, 7; docs/decisions/0055-pipelines-and-flows.md). A team's pipeline names the
 * acquisitions a study needs (the upload's check) and the AI models to run on the series of each. The
 * seeded pipelines are blueprints a team starts its own from. A flow is a pipeline run on one study: a step
 * per required acquisition, each the series of that acquisition and the inferences started on it.
 */

export const PIPELINE_CODE_TAKEN = 'A pipeline with this code already exists.';
export const PIPELINE_NOT_FOUND = 'Pipeline not found.';
export const PIPELINE_NAME_MAX = 128;
export const PIPELINE_ACQUISITIONS_MAX = 20;
export const PIPELINE_MODELS_MAX = 10;
export const FLOW_PAGE_SIZE = 20;

/** A pipeline's code: what the upload sends (`pipelineCode`); upper-case letters, digits and _. */
export const PipelineCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,64}$/, 'Use upper-case letters, digits and _ (at most 64).');

const unique = (values: string[]) => new Set(values).size === values.length;

export const PipelineAcquisitionInput = z.strictObject({
  code: z.string().trim().min(1).max(32),
  /** AI model codes run on the series of this acquisition, in this order. */
  models: z
    .array(z.string().trim().min(1).max(64))
    .max(PIPELINE_MODELS_MAX)
    .refine(unique, 'A model is listed twice.')
    .default([]),
});
export type PipelineAcquisitionInput = z.infer<typeof PipelineAcquisitionInput>;

/** What the form sends, to create or to replace a pipeline (PUT sends the whole of it again). */
export const PipelineInput = z.strictObject({
  code: PipelineCode,
  name: z.string().trim().min(1).max(PIPELINE_NAME_MAX),
  modality_code: z.string().trim().toUpperCase().min(1).max(16),
  acquisitions: z
    .array(PipelineAcquisitionInput)
    .min(1, 'A pipeline requires at least one acquisition.')
    .max(PIPELINE_ACQUISITIONS_MAX)
    .refine((list) => unique(list.map((a) => a.code)), 'An acquisition is listed twice.'),
  /** The blueprint it was made from, kept for the record. */
  blueprint_code: z.string().max(64).nullable().default(null),
});
export type PipelineInput = z.infer<typeof PipelineInput>;

export const TeamPipeline = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  modality_code: z.string(),
  acquisitions: z.array(z.object({ code: z.string(), models: z.array(z.string()) })),
  blueprint_code: z.string().nullable(),
  created_by_user_name: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TeamPipeline = z.infer<typeof TeamPipeline>;

/** A seeded template: the acquisitions it requires, no models (the team chooses them). */
export const PipelineBlueprint = z.object({
  code: z.string(),
  name: z.string(),
  modality_code: z.string(),
  acquisitions: z.array(z.object({ code: z.string() })),
});
export type PipelineBlueprint = z.infer<typeof PipelineBlueprint>;

/**
 * A step waits for a converted series of its acquisition, runs while its inferences are open, and ends
 * done (every model ran), failed (one failed, was cancelled or had no model), or missing (the study's
 * conversion ended without a series of it).
 */
export const FLOW_STEP_STATES = ['waiting', 'running', 'done', 'failed', 'missing'] as const;
export const FlowStepState = z.enum(FLOW_STEP_STATES);
export type FlowStepState = z.infer<typeof FlowStepState>;

export const FLOW_STATES = ['waiting', 'running', 'done', 'failed'] as const;
export const FlowState = z.enum(FLOW_STATES);
export type FlowState = z.infer<typeof FlowState>;

export const FlowInference = z.object({
  model_code: z.string(),
  /** Null: no model of this code was visible to the team when the step ran. */
  inference_id: Id.nullable(),
  state: InferenceState.nullable(),
  /** The segmentation a done one produced: opened in the annotator's AI mode. */
  segmentation_id: Id.nullable(),
});
export type FlowInference = z.infer<typeof FlowInference>;

export const FlowStep = z.object({
  acquisition_code: z.string(),
  state: FlowStepState,
  series: z
    .object({
      uuid: z.string().uuid(),
      series_number: z.number().int().nullable(),
      modality: z.string().nullable(),
    })
    .nullable(),
  inferences: z.array(FlowInference),
});
export type FlowStep = z.infer<typeof FlowStep>;

export const Flow = z.object({
  id: Id,
  state: FlowState,
  /** The pipeline as it was when the flow began; id null once the pipeline is deleted. */
  pipeline: z.object({ id: Id.nullable(), code: z.string(), name: z.string() }),
  /** The study goes by its code (and uuid for links), never by the patient's name. */
  study: z.object({ uuid: z.string().uuid(), code: z.string() }),
  steps: z.array(FlowStep),
  created_at: Timestamp,
});
export type Flow = z.infer<typeof Flow>;

export const FlowListQuery = z.strictObject({
  state: FlowState.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FlowListQuery = z.infer<typeof FlowListQuery>;

const PipelineParams = z.strictObject({ pipelineId: Id });

export const pipelines = {
  blueprints: endpoint({
    method: 'GET',
    path: '/pipeline-blueprints',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary: 'The seeded pipeline templates a team starts its own from',
    response: z.array(PipelineBlueprint),
  }),
  list: endpoint({
    method: 'GET',
    path: '/pipeline',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary: 'The team’s pipelines, by name',
    response: z.array(TeamPipeline),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/pipeline/:pipelineId',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary: 'One of the team’s pipelines',
    params: PipelineParams,
    response: TeamPipeline,
  }),
  create: endpoint({
    method: 'POST',
    path: '/pipeline',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary:
      'Add a pipeline: acquisitions of its modality, each with AI models of that modality the team sees; ' +
      'a code taken answers 409',
    body: PipelineInput,
    response: TeamPipeline,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/pipeline/:pipelineId',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary: 'Replace one of the team’s pipelines (flows already begun keep what they began with)',
    params: PipelineParams,
    body: PipelineInput,
    response: TeamPipeline,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/pipeline/:pipelineId',
    scope: 'team',
    permissions: ['r:pipeline'],
    summary: 'Delete one of the team’s pipelines; its flows stay',
    params: PipelineParams,
    response: null,
    status: 204,
  }),
};

export const flows = {
  list: endpoint({
    method: 'GET',
    path: '/flow',
    scope: 'team',
    permissions: ['r:flow'],
    summary: 'The team’s flows (pipeline runs on studies), newest first, filtered by state',
    query: FlowListQuery,
    response: z.object({ data: z.array(Flow), total: z.number().int() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/flow/:flowId',
    scope: 'team',
    permissions: ['r:flow'],
    summary: 'One flow: its steps, state and results',
    params: z.strictObject({ flowId: Id }),
    response: Flow,
  }),
};
