import type { ModelRuntimeSpec } from '@voxa/contracts';
import { gridMismatch, labelVoxels, parseNifti } from '@voxa/imaging';
import { resampleNearest } from '../../inference/runtime/resample';
import { prepareVolume } from '../../inference/runtime/run-model';
import type { Dims } from '../../inference/runtime/series-volume';
import { shuffled } from './random';

/**
 * Training data on the model's grid (docs/decisions/0053): each case's series read, resampled and
 * normalised exactly as the inference runtime does it (its prepareVolume), its mask checked against the
 * series' grid, mapped to class indices and resampled to the model's grid (nearest).
 */
export interface PreparedCase {
  dims: Dims;
  /** Per input channel, normalised, x fastest. */
  channels: Float32Array[];
  /** Per channel, what lies past the volume's edge (the runtime's fill). */
  fill: number[];
  /** Class index per voxel: i for segmentValues[i], 0 for values the model does not segment. */
  classes: Uint8Array;
}

/** One axial slice of a case: what the 2D network trains on. */
export interface SliceRef {
  caseIndex: number;
  z: number;
}

function parsed(file: ArrayBuffer, what: string) {
  const result = parseNifti(file);
  if (!result.ok) throw new Error(`The ${what} cannot be read: ${result.error}`);
  return result;
}

/** Class indices of label values: listed values map to their index, any other value to 0. */
export function classIndices(labels: ArrayLike<number>, segmentValues: readonly number[]): Uint8Array {
  const index = new Map(segmentValues.map((value, i) => [value, i]));
  return Uint8Array.from({ length: labels.length }, (_, i) => index.get(labels[i] ?? 0) ?? 0);
}

export function prepareCase(image: ArrayBuffer, mask: ArrayBuffer, spec: ModelRuntimeSpec): PreparedCase {
  const series = parsed(image, 'series’ NIfTI');
  const labels = parsed(mask, 'mask');
  const mismatch = gridMismatch(labels.raw, series.raw);
  if (mismatch) throw new Error(`The mask is not on the series’ grid: ${mismatch}`);
  const volume = prepareVolume(series.data, spec);
  const voxels = volume.series[0] * volume.series[1] * volume.series[2];
  const read = labelVoxels(labels.raw, labels.data, voxels);
  if (!read.ok) throw new Error(`The mask cannot be read: ${read.error}`);
  const classes = resampleNearest(classIndices(read.labels, spec.segmentValues), volume.series, volume.dims);
  return { dims: volume.dims, channels: volume.channels, fill: volume.fill, classes };
}

export interface Split {
  train: SliceRef[];
  validation: SliceRef[];
}

const slicesOf = (cases: readonly PreparedCase[], caseIndex: number): SliceRef[] =>
  Array.from({ length: cases[caseIndex]?.dims[2] ?? 0 }, (_, z) => ({ caseIndex, z }));

/**
 * Held-out data for validation Dice: whole cases when there are two or more (a share `fraction` of them,
 * at least one each way, drawn with `random`); with one case, its last slices (a block, not every few
 * slices: neighbouring slices are nearly the same image).
 */
export function splitCases(cases: readonly PreparedCase[], fraction: number, random: () => number): Split {
  if (cases.length === 0) throw new Error('The training has no cases.');
  if (cases.length === 1) {
    const slices = slicesOf(cases, 0);
    if (slices.length < 2) throw new Error('One case of one slice cannot be split for validation.');
    const held = Math.min(slices.length - 1, Math.max(1, Math.round(slices.length * fraction)));
    return { train: slices.slice(0, slices.length - held), validation: slices.slice(slices.length - held) };
  }
  const held = Math.min(cases.length - 1, Math.max(1, Math.round(cases.length * fraction)));
  const order = shuffled(
    cases.map((_, i) => i),
    random,
  );
  const validation = new Set(order.slice(0, held));
  const pick = (keep: boolean) =>
    cases.flatMap((_, i) => (validation.has(i) === keep ? slicesOf(cases, i) : []));
  return { train: pick(false), validation: pick(true) };
}

/** Voxels of each class over the given slices. */
export function classCounts(
  cases: readonly PreparedCase[],
  slices: readonly SliceRef[],
  classes: number,
): number[] {
  const counts = new Array<number>(classes).fill(0);
  for (const { caseIndex, z } of slices) {
    const c = cases[caseIndex];
    if (!c) continue;
    const plane = c.dims[0] * c.dims[1];
    for (let i = z * plane; i < (z + 1) * plane; i++) counts[c.classes[i] ?? 0]! += 1;
  }
  return counts;
}

/**
 * Copies a [width x height] window of a slice starting at (x0, y0) into `image` (NHWC, the batch item
 * `item`) and `labels` ([item][y][x]); what lies past the slice takes the channel's fill and class 0.
 */
export function cropSlice(
  source: PreparedCase,
  z: number,
  [x0, y0]: readonly [number, number],
  [width, height]: readonly [number, number],
  item: number,
  image: Float32Array,
  labels: Int32Array,
): void {
  const [nx, ny] = source.dims;
  const channels = source.channels.length;
  const plane = nx * ny;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [sx, sy] = [x0 + x, y0 + y];
      const inside = sx < nx && sy < ny;
      const at = (item * height + y) * width + x;
      const from = z * plane + sy * nx + sx;
      labels[at] = inside ? (source.classes[from] ?? 0) : 0;
      for (let c = 0; c < channels; c++)
        image[at * channels + c] = inside ? (source.channels[c]?.[from] ?? 0) : (source.fill[c] ?? 0);
    }
}
