import type { ModelRuntimeSpec } from '@voxa/contracts';
import { openOnnxSession, type OnnxSession } from '../../../platform/onnx';
import { normalise } from './normalise';
import { resampledDims, resampleLinear, resampleNearest } from './resample';
import { readSeriesVolume, type Dims } from './series-volume';
import { slabAccumulator } from './slab-accumulator';
import { extractPatch, gaussianWeights, windowGrid } from './sliding-window';

/**
 * The built-in CPU runtime (issue 15 item 3, docs/decisions/0044): a series' NIfTI in, a label volume on
 * the series' grid out. Read, resample to the model's spacing (trilinear), normalise, slide the window
 * (Gaussian-weighted, batch 1, float32 NCDHW), argmax to the segment values, resample back (nearest).
 */
export interface RuntimeModel {
  /** The ONNX file's path, or its bytes. */
  onnx: string | Uint8Array;
  spec: ModelRuntimeSpec;
}

export interface RunOptions {
  /** Fraction done, 0 to 1, never decreasing; 1 once the labels are ready. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** onnxruntime's threads per run (0 or absent: every core). */
  threads?: number;
}

/** Labels in the series' voxel order (x fastest), on its grid: its dims, so its affine. */
export interface LabelVolume {
  dims: Dims;
  labels: Uint8Array | Uint16Array;
}

/** The series on the model's grid, normalised: what the network reads. */
export interface PreparedVolume {
  series: Dims;
  dims: Dims;
  channels: Float32Array[];
  /** Per channel, what a patch past the volume's end holds: the channel's lowest value (air, background). */
  fill: number[];
}

const PREPARED = 0.05;
const WINDOWS_DONE = 0.95;

export function prepareVolume(file: ArrayBuffer, spec: ModelRuntimeSpec): PreparedVolume {
  const volume = readSeriesVolume(file, spec.inputChannels);
  const dims = resampledDims(volume.dims, volume.spacing, spec.targetSpacing);
  const fill: number[] = [];
  const channels = volume.channels.map((stored) => {
    const values = resampleLinear(stored, volume.dims, dims, volume.slope, volume.intercept);
    fill.push(normalise(values, spec.normalisation));
    return values;
  });
  return { series: volume.dims, dims, channels, fill };
}

/** The label volume the model gives the series in `file` (a .nii or .nii.gz). */
export async function runModel(
  model: RuntimeModel,
  file: ArrayBuffer,
  options: RunOptions = {},
): Promise<LabelVolume> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const prepared = prepareVolume(file, model.spec);
  onProgress?.(PREPARED);
  signal?.throwIfAborted();
  const session = await openOnnxSession(model.onnx, { threads: options.threads });
  try {
    const labels = await slideWindow(session, prepared, model.spec, options);
    const out = resampleNearest(labels, prepared.dims, prepared.series);
    onProgress?.(1);
    return { dims: prepared.series, labels: out };
  } finally {
    await session.release();
  }
}

/**
 * Runs every patch in turn. onnxruntime-node's `run` works on the calling thread (its intra-op threads
 * help), so nothing here overlaps the network; a caller that must stay responsive runs the runtime off its
 * event loop (docs/decisions/0044).
 */
async function slideWindow(
  session: OnnxSession,
  prepared: PreparedVolume,
  spec: ModelRuntimeSpec,
  { signal, onProgress }: RunOptions,
): Promise<Uint8Array | Uint16Array> {
  const patch = spec.patchSize;
  const starts = windowGrid(prepared.dims, patch, spec.overlap);
  const weights = gaussianWeights(patch);
  const accumulator = slabAccumulator(prepared.dims, patch, spec.segmentValues);
  const patchVoxels = patch[0] * patch[1] * patch[2];
  const input = new Float32Array(spec.inputChannels * patchVoxels);
  const shape = [1, spec.inputChannels, patch[2], patch[1], patch[0]];
  const expected = spec.segmentValues.length * patchVoxels;
  for (const [i, start] of starts.entries()) {
    signal?.throwIfAborted();
    extractPatch(prepared.channels, prepared.dims, start, patch, prepared.fill, input);
    const { data } = await session.run(input, shape);
    if (data.length !== expected)
      throw new Error(
        `The model answers ${data.length / patchVoxels} channels per voxel; its spec lists ${spec.segmentValues.length} segment values.`,
      );
    accumulator.add(start, data, weights);
    onProgress?.(PREPARED + ((WINDOWS_DONE - PREPARED) * (i + 1)) / starts.length);
  }
  return accumulator.finish();
}
