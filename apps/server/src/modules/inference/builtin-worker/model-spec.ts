import type { ModelRuntimeSpec } from '@voxa/contracts';
import type { AiModelRow } from '../../../platform/db/schema';

/** What the runtime reads of a registry model. */
export type SpecFields = Pick<
  AiModelRow,
  'runtime' | 'channels' | 'spacing' | 'patch_size' | 'normalization' | 'segments'
>;

/**
 * The runtime spec of a registry model, or why the built-in worker cannot run it. Output channel 0 is the
 * background, channel i the i-th segment by ascending value (the registry's order, ai-models/policy.ts).
 */
export function runtimeSpec(model: SpecFields): ModelRuntimeSpec | string {
  if (model.runtime !== 'onnx') return 'The model runs on an external worker, not on the built-in one.';
  if (!model.patch_size || !model.normalization)
    return 'The model has no patch size or no normalisation: the built-in worker cannot slide over the series.';
  const values = model.segments.map((s) => s.value).sort((a, b) => a - b);
  return {
    inputChannels: model.channels,
    targetSpacing: model.spacing,
    normalisation: model.normalization,
    patchSize: model.patch_size,
    overlap: 0.5,
    segmentValues: [0, ...values],
  };
}
