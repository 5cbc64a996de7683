import { z } from 'zod';

/**
 * What the built-in CPU runtime needs to run a model of the registry over a series (issue 15 item 3;
 * docs/decisions/0044-cpu-inference-runtime.md). Axes are the series' voxel axes: x (columns), y (rows),
 * z (slices); the model reads float32 NCDHW, so D is z, H is y and W is x. The ONNX file itself is not
 * part of the spec: the registry keeps it as a stored file and hands its path or bytes beside the spec.
 */
const Millimetres = z.number().finite().positive().max(100);
const PatchSide = z.number().int().min(1).max(1024);

export const CtNormalisation = z.strictObject({
  kind: z.literal('ct'),
  /** Hounsfield units are clipped to [lo, hi] (nnU-Net: the 0.5 and 99.5 percentiles of the training foreground). */
  clip: z
    .tuple([z.number().finite(), z.number().finite()])
    .refine(([lo, hi]) => lo < hi, 'clip must be [lo, hi] with lo < hi.'),
  mean: z.number().finite(),
  std: z.number().finite().positive(),
});

/** Each channel minus its own mean, over its own standard deviation (MR). */
export const ZscoreNormalisation = z.strictObject({ kind: z.literal('zscore') });

/** The stored values as they are (the registry's `none`). */
export const NoNormalisation = z.strictObject({ kind: z.literal('none') });

export const IntensityNormalisation = z.discriminatedUnion('kind', [
  CtNormalisation,
  ZscoreNormalisation,
  NoNormalisation,
]);
export type IntensityNormalisation = z.infer<typeof IntensityNormalisation>;

export const ModelRuntimeSpec = z.strictObject({
  /** Input channels: the first N volumes of the series' NIfTI. */
  inputChannels: z.number().int().min(1).max(16),
  /** Voxel size the model was trained at, [x, y, z] mm. */
  targetSpacing: z.tuple([Millimetres, Millimetres, Millimetres]),
  normalisation: IntensityNormalisation,
  /** Sliding-window patch, [x, y, z] voxels at the target spacing. */
  patchSize: z.tuple([PatchSide, PatchSide, PatchSide]),
  /** Fraction of a patch that neighbouring patches share along each axis. */
  overlap: z.number().min(0).max(0.9).default(0.5),
  /** Output channel i becomes label value segmentValues[i] (0: background). */
  segmentValues: z.array(z.number().int().min(0).max(65_535)).min(2).max(1024),
});
export type ModelRuntimeSpec = z.infer<typeof ModelRuntimeSpec>;
