import { z } from 'zod';
import { Color, Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';
import { SEGMENT_PALETTE, SEGMENT_TITLE_MAX, SEGMENT_VALUE_MAX } from './segmentations';
import { StructureSlug } from './structures';
import { TransferFunctionModality } from './transfer-functions';

/**
 * The AI model registry (teams-and-account.md 3, AI model (v2); 7.6; docs/decisions/0043-ai-models.md):
 * the spec's fields, plus what a worker needs to run a model: its input, spacing, normalisation, patch
 * size, runtime and (for the ONNX runtime) the model file.
 */
export const AI_MODEL_RUNTIMES = ['onnx', 'external'] as const;
export const AiModelRuntime = z.enum(AI_MODEL_RUNTIMES);
export type AiModelRuntime = z.infer<typeof AiModelRuntime>;

export const AI_MODEL_NAME_MAX = 128;
export const AI_MODEL_DESCRIPTION_MAX = 4000;
export const AI_MODEL_SEGMENTS_MAX = 1000;
/** A training's best validation Dice below this: it did not learn (decision 0095). */
export const AI_MODEL_MIN_VAL_DICE = 0.5;
/** The matching segmentations a training asks for unless the model says (decision 0095). */
export const AI_MODEL_MIN_TRAINING_SEGMENTATIONS = 10;
export const AI_MODEL_CODE_TAKEN = 'A model with this code already exists.';
export const AI_MODEL_BUILT_IN = 'Built-in AI models are read-only.';
export const AI_MODEL_OTHER_TEAM = 'Only the team that made this model can change it.';
export const AI_MODEL_NOT_ONNX = 'This file is not an ONNX model.';
export const AI_MODEL_EXTERNAL_FILE =
  'A model of the external runtime runs on its own worker and takes no file.';

/** A model's code: what inferences name it by (`total-mr6mm`); lower-case letters, digits and -. */
export const AiModelCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and -.');

/** One class of the model's label map: its NIfTI value (0 is the background, never a segment). */
export const AiModelSegmentInput = z.strictObject({
  title: z.string().trim().min(1).max(SEGMENT_TITLE_MAX),
  value: z.number().int().min(1).max(SEGMENT_VALUE_MAX),
});
export type AiModelSegmentInput = z.infer<typeof AiModelSegmentInput>;

/**
 * As answered: with the colour a result segmentation gives it (the catalogue's colour of its class, else
 * the palette's by position, none twice: docs/decisions/0098), when every segment is present.
 */
export const AiModelSegment = z.object({ title: z.string(), value: z.number().int(), color: Color });
export type AiModelSegment = z.infer<typeof AiModelSegment>;

/**
 * The colour of the segment at `index` of a model's segments (ascending values) while the model is edited:
 * the segments palette (the catalogue's colours are the server's, once saved).
 */
export const aiModelSegmentColor = (index: number): string =>
  SEGMENT_PALETTE[index % SEGMENT_PALETTE.length] ?? SEGMENT_PALETTE[0];

const Positive = z.number().finite().positive().max(100);
/** Millimetres per voxel along x, y, z that the model was trained at; the worker resamples to it. */
export const AiModelSpacing = z.tuple([Positive, Positive, Positive]);
const PatchEdge = z.number().int().min(1).max(1024);
/** Voxels along x, y, z of one window of the sliding-window inference. */
export const AiModelPatchSize = z.tuple([PatchEdge, PatchEdge, PatchEdge]);

const Intensity = z.number().finite().min(-1e6).max(1e6);
/**
 * How the worker scales intensities before the model sees them (nnU-Net's schemes):
 * - ct: clip to [low, high] (Hounsfield), then (x - mean) / std with the training set's values;
 * - zscore: (x - mean) / std of the volume itself (MR);
 * - none: the stored values as they are.
 */
export const AiModelNormalization = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('ct'),
    clip: z.tuple([Intensity, Intensity]).refine(([low, high]) => low < high, 'The clip range must ascend.'),
    mean: Intensity,
    std: z.number().finite().positive().max(1e6),
  }),
  z.strictObject({ kind: z.literal('zscore') }),
  z.strictObject({ kind: z.literal('none') }),
]);
export type AiModelNormalization = z.infer<typeof AiModelNormalization>;

/** What create sends, and PUT sends again whole. */
export const AiModelInput = z
  .strictObject({
    name: z.string().trim().min(1).max(AI_MODEL_NAME_MAX),
    code: AiModelCode,
    description: z.string().trim().max(AI_MODEL_DESCRIPTION_MAX).default(''),
    /** The structure a result segmentation is of (a multi-class structure for a multi-class model). */
    structure: StructureSlug,
    segments: z.array(AiModelSegmentInput).min(1).max(AI_MODEL_SEGMENTS_MAX),
    /** Private: the team's only; otherwise every team sees it (read-only). */
    is_private: z.boolean().default(true),
    /** The model it was trained from (a derived model); it must be visible to the team. */
    parent_id: Id.nullable().default(null),
    runtime: AiModelRuntime,
    modality: TransferFunctionModality,
    channels: z.number().int().min(1).max(16).default(1),
    spacing: AiModelSpacing,
    /** Needed by the ONNX runtime; an external worker brings its own. */
    patch_size: AiModelPatchSize.nullable().default(null),
    normalization: AiModelNormalization.nullable().default(null),
    /** A training of it whose best validation Dice stays below this did not learn: it makes no model by itself. */
    min_val_dice: z.number().min(0).max(1).default(AI_MODEL_MIN_VAL_DICE),
    /** The trainings page warns before a start on fewer matching segmentations. */
    min_training_segmentations: z.number().int().min(1).max(500).default(AI_MODEL_MIN_TRAINING_SEGMENTATIONS),
  })
  .superRefine((m, ctx) => {
    const seen = { values: new Set<number>(), titles: new Set<string>() };
    m.segments.forEach((s, i) => {
      if (seen.values.has(s.value))
        ctx.addIssue({
          code: 'custom',
          path: ['segments', i, 'value'],
          message: 'Segment values must be unique.',
        });
      const title = s.title.toLowerCase();
      if (seen.titles.has(title))
        ctx.addIssue({
          code: 'custom',
          path: ['segments', i, 'title'],
          message: 'Segment titles must be unique.',
        });
      seen.values.add(s.value);
      seen.titles.add(title);
    });
    if (m.runtime !== 'onnx') return;
    if (!m.patch_size)
      ctx.addIssue({ code: 'custom', path: ['patch_size'], message: 'An ONNX model needs a patch size.' });
    if (!m.normalization)
      ctx.addIssue({
        code: 'custom',
        path: ['normalization'],
        message: 'An ONNX model needs a normalisation.',
      });
  });
/** What a client sends (defaults may be left out). */
export type AiModelInput = z.input<typeof AiModelInput>;
/** What the server works with once parsed. */
export type AiModelFields = z.output<typeof AiModelInput>;

/** A tensor of the ONNX graph: its name and dimensions (a number, or a symbolic name such as `batch`). */
export const OnnxTensor = z.object({
  name: z.string(),
  shape: z.array(z.union([z.number().int(), z.string()])).nullable(),
});
export type OnnxTensor = z.infer<typeof OnnxTensor>;

/** What the server read from the uploaded ONNX file's header, and where its bytes are. */
export const AiModelFile = z.object({
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: Timestamp,
  ir_version: z.number().int(),
  opset: z.number().int(),
  producer: z.string(),
  inputs: z.array(OnnxTensor),
  outputs: z.array(OnnxTensor),
});
export type AiModelFile = z.infer<typeof AiModelFile>;

/** The spec's short form, what inference pickers list (7.6: `GET ai2/models?i=1`). */
export const AiModelShort = z.object({ id: Id, code: z.string() });
export type AiModelShort = z.infer<typeof AiModelShort>;

export const AiModel = z.object({
  id: Id,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  structure_name: z.string(),
  structure_slug: z.string(),
  segments: z.array(AiModelSegment),
  created_at: Timestamp,
  updated_at: Timestamp,
  created_by_user_name: z.string().nullable(),
  /** null for a built-in model. */
  created_by_team_name: z.string().nullable(),
  parent_id: Id.nullable(),
  is_private: z.boolean(),
  is_derived: z.boolean(),
  /** Shipped with Voxa for every team, read-only. */
  built_in: z.boolean(),
  /** The caller may change it: the team's own and the caller holds r:ai-models. */
  can_edit: z.boolean(),
  runtime: AiModelRuntime,
  modality: z.string(),
  channels: z.number().int(),
  spacing: AiModelSpacing,
  patch_size: AiModelPatchSize.nullable(),
  normalization: AiModelNormalization.nullable(),
  min_val_dice: z.number(),
  min_training_segmentations: z.number().int(),
  file: AiModelFile.nullable(),
  /** A worker can run it: an external model always, an ONNX model once its file is uploaded. */
  ready: z.boolean(),
});
export type AiModel = z.infer<typeof AiModel>;

export const AiModelFilter = z.strictObject({
  /** 1: the short form {id, code}. */
  i: z.enum(['1']).optional(),
  search: z.string().trim().max(100).optional(),
  modality: TransferFunctionModality.optional(),
  runtime: AiModelRuntime.optional(),
});
export type AiModelFilter = z.infer<typeof AiModelFilter>;

export const AiModelList = z.object({ models: z.array(z.union([AiModel, AiModelShort])) });

/** The full models of a list answered without `i`. */
export const fullAiModels = (list: z.infer<typeof AiModelList>): AiModel[] =>
  list.models.filter((m): m is AiModel => 'name' in m);

/** Pages of models, of trainings and of inferences all pick models. */
const READ_AI_MODELS: readonly Permission[] = ['r:ai-models', 'r:ai-trainings', 'r:ai-infers'];
const ModelParams = z.strictObject({ modelId: Id });

export const aiModels = {
  list: endpoint({
    method: 'GET',
    path: '/ai2/models',
    scope: 'team',
    anyPermission: READ_AI_MODELS,
    summary: 'AI models the team sees; i=1: the short form {id, code}, else whole models, filtered',
    query: AiModelFilter,
    response: AiModelList,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ai2/model/:modelId',
    scope: 'team',
    anyPermission: READ_AI_MODELS,
    summary: 'One AI model the team sees',
    params: ModelParams,
    response: AiModel,
  }),
  create: endpoint({
    method: 'POST',
    path: '/ai2/model',
    scope: 'team',
    permissions: ['r:ai-models'],
    summary: 'Add a model of the team’s own; a code taken answers 409',
    body: AiModelInput,
    response: AiModel,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/ai2/model/:modelId',
    scope: 'team',
    permissions: ['r:ai-models'],
    summary: 'Replace one of the team’s models; another’s answers 403',
    params: ModelParams,
    body: AiModelInput,
    response: AiModel,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/ai2/model/:modelId',
    scope: 'team',
    permissions: ['r:ai-models'],
    summary: 'Delete one of the team’s models with its file',
    params: ModelParams,
    response: null,
    status: 204,
  }),
  upload: endpoint({
    method: 'PUT',
    path: '/ai2/model/:modelId/file',
    scope: 'team',
    permissions: ['r:ai-models'],
    summary: 'Upload the model’s ONNX file (raw bytes); not ONNX, or not fitting the model, answers 422',
    params: ModelParams,
    rawBody: 'application/octet-stream',
    response: AiModel,
  }),
  download: endpoint({
    method: 'GET',
    path: '/ai2/model/:modelId/file',
    scope: 'team',
    permissions: ['r:ai-models'],
    summary: 'The model’s ONNX file, for workers',
    params: ModelParams,
    response: null,
    binary: 'application/octet-stream',
  }),
};
