import {
  AI_MODEL_MIN_TRAINING_SEGMENTATIONS,
  AI_MODEL_MIN_VAL_DICE,
  type AiModel,
  type AiModelInput,
  type AiModelNormalization,
  type AiModelRuntime,
} from '@voxa/contracts';

/** A number field of the form: empty while nothing is typed. */
export type NumberField = number | '';
type Triple = [NumberField, NumberField, NumberField];

export interface SegmentDraft {
  title: string;
  value: NumberField;
}

/** The model form's values, as its fields hold them. */
export interface ModelDraft {
  name: string;
  code: string;
  description: string;
  structure: string | null;
  segments: SegmentDraft[];
  is_private: boolean;
  runtime: AiModelRuntime;
  modality: string;
  channels: NumberField;
  spacing: Triple;
  patch_size: Triple;
  normalization: AiModelNormalization['kind'];
  clip: [NumberField, NumberField];
  mean: NumberField;
  std: NumberField;
  /** A training of it below this best validation Dice did not learn (decision 0095). */
  min_val_dice: NumberField;
  /** The trainings page warns before a start on fewer matching segmentations. */
  min_training_segmentations: NumberField;
  /** Kept as it is: the form does not change what a model was derived from. */
  parent_id: number | null;
}

/** A new model: an ONNX model of one CT channel, with the usual nnU-Net CT clip range. */
export function emptyDraft(): ModelDraft {
  return {
    name: '',
    code: '',
    description: '',
    structure: null,
    segments: [{ title: 'Part 1', value: 1 }],
    is_private: true,
    runtime: 'onnx',
    modality: 'CT',
    channels: 1,
    spacing: [1.5, 1.5, 1.5],
    patch_size: [128, 128, 128],
    normalization: 'zscore',
    clip: [-1024, 3071],
    mean: 0,
    std: 1,
    min_val_dice: AI_MODEL_MIN_VAL_DICE,
    min_training_segmentations: AI_MODEL_MIN_TRAINING_SEGMENTATIONS,
    parent_id: null,
  };
}

export function draftOf(model: AiModel): ModelDraft {
  const n = model.normalization;
  const empty = emptyDraft();
  return {
    name: model.name,
    code: model.code,
    description: model.description,
    structure: model.structure_slug,
    segments: model.segments.map((s) => ({ title: s.title, value: s.value })),
    is_private: model.is_private,
    runtime: model.runtime,
    modality: model.modality,
    channels: model.channels,
    spacing: model.spacing,
    patch_size: model.patch_size ?? empty.patch_size,
    normalization: n?.kind ?? 'none',
    clip: n?.kind === 'ct' ? n.clip : empty.clip,
    mean: n?.kind === 'ct' ? n.mean : empty.mean,
    std: n?.kind === 'ct' ? n.std : empty.std,
    min_val_dice: model.min_val_dice,
    min_training_segmentations: model.min_training_segmentations,
    parent_id: model.parent_id,
  };
}

// An empty number goes as 0, which the server refuses by the field's own rule (422 beside the field).
const num = (v: NumberField) => (v === '' ? 0 : v);
const triple = (t: Triple): [number, number, number] => [num(t[0]), num(t[1]), num(t[2])];

/** What the form sends; an external model sends no patch size nor normalisation (its worker has them). */
export function inputOf(d: ModelDraft): AiModelInput {
  const onnx = d.runtime === 'onnx';
  const normalization: AiModelNormalization =
    d.normalization === 'ct'
      ? { kind: 'ct', clip: [num(d.clip[0]), num(d.clip[1])], mean: num(d.mean), std: num(d.std) }
      : { kind: d.normalization };
  return {
    name: d.name,
    code: d.code,
    description: d.description,
    structure: d.structure ?? '',
    segments: d.segments.map((s) => ({ title: s.title, value: num(s.value) })),
    is_private: d.is_private,
    parent_id: d.parent_id,
    runtime: d.runtime,
    modality: d.modality,
    channels: num(d.channels),
    spacing: triple(d.spacing),
    patch_size: onnx ? triple(d.patch_size) : null,
    normalization: onnx ? normalization : null,
    min_val_dice: num(d.min_val_dice),
    min_training_segmentations: num(d.min_training_segmentations),
  };
}

/** A new segment row: the next free value, titled after it. */
export function nextSegment(segments: readonly SegmentDraft[]): SegmentDraft {
  const value = Math.max(0, ...segments.map((s) => num(s.value))) + 1;
  return { title: `Part ${value}`, value };
}
