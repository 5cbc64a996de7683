import type { AiModelNormalization, AiModelRuntime } from '@voxa/contracts';

/** The modalities a model is offered for (DICOM codes). */
export const MODALITY_OPTIONS = ['CT', 'MR', 'PT', 'US', 'XA', 'CR', 'DX', 'MG'];

export const RUNTIME_LABELS: Record<AiModelRuntime, string> = {
  onnx: 'ONNX (built-in CPU)',
  external: 'External worker',
};

export const NORMALIZATION_LABELS: Record<AiModelNormalization['kind'], string> = {
  ct: 'CT: clip, then training mean and std',
  zscore: 'Z-score of the volume',
  none: 'None (stored values)',
};

/** `0.8 × 0.8 × 1.5 mm`, `128 × 128 × 64`. */
export const triple = (t: readonly number[], unit = '') => `${t.join(' × ')}${unit}`;
