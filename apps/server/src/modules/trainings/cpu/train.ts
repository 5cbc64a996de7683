import type { IntensityNormalisation, ModelRuntimeSpec, TrainingStartBody } from '@voxa/contracts';
import { diceCounts } from './dice';
import { seededRandom, shuffled } from './random';
import { classCounts, cropSlice, prepareCase, splitCases, type PreparedCase, type SliceRef } from './samples';
import { tf, tfReady } from './tf';
import { disposeUnet, initUnet, unetForward, type UnetWeights } from './unet';
import { unetToOnnx } from './unet-onnx';

/**
 * Training a segmentation network on CPU (issue 16 item 2, docs/decisions/0053): a compact 2D U-Net on
 * axial slices at the model's spacing, Adam on cross-entropy plus soft Dice, validation Dice on held-out
 * data each epoch, and each improving epoch's network as an ONNX model the inference runtime runs.
 */
export interface TrainingCase {
  /** The series .nii or .nii.gz. */
  image: ArrayBuffer;
  /** Label map .nii.gz on the series' grid. */
  mask: ArrayBuffer;
}

export interface CpuTrainingSetup {
  /** [0, ...the model's segment values], output channel i = value i. */
  segmentValues: number[];
  /** First N volumes of the series. */
  inputChannels: number;
  normalisation: IntensityNormalisation;
  /** Default DEFAULT_SPACING. */
  targetSpacing?: [number, number, number];
  /** validationSplit, epochs, learningRate, patchSize (x and y used: the network is 2D). */
  parameters: TrainingStartBody;
  /** Seeds initial weights, the split and the crops. Default 1. */
  seed?: number;
}

export interface EpochReport {
  epoch: number;
  loss: number;
  valDice: number;
  improved: boolean;
}

export interface Checkpoint {
  epoch: number;
  valDice: number;
  onnx: Uint8Array;
  spec: ModelRuntimeSpec;
}

export interface TrainingOptions {
  signal?: AbortSignal;
  onEpoch?: (report: EpochReport, checkpoint: Checkpoint | null) => void | Promise<void>;
}

/** 3 mm: a CT's body and bones at a size a CPU trains on in minutes. */
export const DEFAULT_SPACING: [number, number, number] = [3, 3, 3];
const BATCH = 4;
const OVERLAP = 0.5;
/** Slices per forward pass when measuring validation Dice. */
const VALIDATION_BATCH = 8;

/** The patch side the network reads: even (one 2x pooling), at least 8. */
const evenSide = (side: number) => Math.max(8, side + (side % 2));

export function runtimeSpec(setup: CpuTrainingSetup): ModelRuntimeSpec {
  const [x, y] = setup.parameters.patchSize;
  return {
    inputChannels: setup.inputChannels,
    targetSpacing: setup.targetSpacing ?? DEFAULT_SPACING,
    normalisation: setup.normalisation,
    patchSize: [evenSide(x), evenSide(y), 1],
    overlap: OVERLAP,
    segmentValues: setup.segmentValues,
  };
}

function checkSetup(cases: readonly TrainingCase[], setup: CpuTrainingSetup): void {
  if (cases.length === 0) throw new Error('The training has no cases.');
  const values = setup.segmentValues;
  if (values.length < 2 || values[0] !== 0 || new Set(values).size !== values.length)
    throw new Error('segmentValues must be 0 (background) then at least one distinct segment value.');
  if (values.length > 255) throw new Error('At most 254 segments can be trained.');
}

/** Cross-entropy plus soft Dice over the foreground classes. */
function lossOf(logits: tf.Tensor4D, labels: tf.Tensor3D, classes: number): tf.Scalar {
  const truth = tf.oneHot(labels, classes) as tf.Tensor4D;
  const crossEntropy = tf.losses.softmaxCrossEntropy(truth, logits);
  const probabilities = tf.softmax(logits);
  const axes = [0, 1, 2];
  const overlap = tf.sum(tf.mul(probabilities, truth), axes);
  const sizes = tf.add(tf.sum(probabilities, axes), tf.sum(truth, axes));
  const dice = tf.div(tf.add(tf.mul(overlap, 2), 1), tf.add(sizes, 1));
  const foreground = tf.slice(dice, [1], [classes - 1]);
  return tf.add(crossEntropy, tf.sub(1, tf.mean(foreground))) as tf.Scalar;
}

/** A batch of random crops of the given slices. */
function batchOf(
  cases: readonly PreparedCase[],
  slices: readonly SliceRef[],
  patch: readonly [number, number],
  inputs: number,
  random: () => number,
) {
  const [w, h] = patch;
  const image = new Float32Array(slices.length * h * w * inputs);
  const labels = new Int32Array(slices.length * h * w);
  slices.forEach(({ caseIndex, z }, item) => {
    const source = cases[caseIndex]!;
    const start = (size: number, side: number) =>
      size > side ? Math.floor(random() * (size - side + 1)) : 0;
    cropSlice(source, z, [start(source.dims[0], w), start(source.dims[1], h)], patch, item, image, labels);
  });
  return { image, labels, shape: [slices.length, h, w, inputs] as [number, number, number, number] };
}

/** Validation Dice: each held-out slice whole (padded to even sides), argmax against its mask. */
function validationDice(
  weights: UnetWeights,
  cases: readonly PreparedCase[],
  slices: readonly SliceRef[],
  classes: number,
): number {
  const counts = diceCounts(classes);
  const byCase = new Map<number, SliceRef[]>();
  for (const slice of slices) byCase.set(slice.caseIndex, [...(byCase.get(slice.caseIndex) ?? []), slice]);
  for (const [caseIndex, ofCase] of byCase) {
    const source = cases[caseIndex]!;
    const size: [number, number] = [evenSide(source.dims[0]), evenSide(source.dims[1])];
    for (let at = 0; at < ofCase.length; at += VALIDATION_BATCH) {
      const group = ofCase.slice(at, at + VALIDATION_BATCH);
      const { image, labels, shape } = batchOf(cases, group, size, weights.inputs, () => 0);
      const predicted = tf.tidy(() =>
        tf.argMax(unetForward(weights, tf.tensor4d(image, shape)), 3).dataSync(),
      );
      // Only the slice's own voxels count, not the padding.
      const [w, h] = size;
      const [nx, ny] = source.dims;
      group.forEach((_, item) => {
        for (let y = 0; y < ny; y++) {
          const row = (item * h + y) * w;
          counts.add(predicted.subarray(row, row + nx), labels.subarray(row, row + nx));
        }
      });
    }
  }
  return counts.mean();
}

export async function trainOnCpu(
  cases: TrainingCase[],
  setup: CpuTrainingSetup,
  options: TrainingOptions = {},
): Promise<Checkpoint> {
  const { signal, onEpoch } = options;
  checkSetup(cases, setup);
  await tfReady();
  const spec = runtimeSpec(setup);
  const classes = spec.segmentValues.length;
  const prepared = cases.map((c, i) => {
    signal?.throwIfAborted();
    try {
      return prepareCase(c.image, c.mask, spec);
    } catch (error) {
      throw new Error(`Case ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const random = seededRandom(setup.seed ?? 1);
  const split = splitCases(prepared, setup.parameters.validationSplit, random);
  const trainCounts = classCounts(prepared, split.train, classes);
  const missing = spec.segmentValues.filter((_, c) => c > 0 && !trainCounts[c]);
  if (missing.length === classes - 1) throw new Error('The training masks hold no foreground voxel.');
  if (missing.length) throw new Error(`The training masks hold no voxel of segment ${missing.join(', ')}.`);

  const patch: [number, number] = [spec.patchSize[0], spec.patchSize[1]];
  const weights = initUnet(spec.inputChannels, classes, random);
  const optimizer = tf.train.adam(setup.parameters.learningRate);
  let best: Checkpoint | null = null;
  try {
    for (let epoch = 1; epoch <= setup.parameters.epochs; epoch++) {
      const order = shuffled(split.train, random);
      let [lossSum, steps] = [0, 0];
      for (let at = 0; at < order.length; at += BATCH) {
        signal?.throwIfAborted();
        const { image, labels, shape } = batchOf(
          prepared,
          order.slice(at, at + BATCH),
          patch,
          spec.inputChannels,
          random,
        );
        const x = tf.tensor4d(image, shape);
        const y = tf.tensor3d(labels, [shape[0], shape[1], shape[2]], 'int32');
        const loss = optimizer.minimize(() => lossOf(unetForward(weights, x), y, classes), true);
        lossSum += loss ? ((await loss.data())[0] ?? NaN) : NaN;
        tf.dispose([x, y, loss ?? []]);
        steps++;
        // Lets an abort (or anything else waiting) in between steps.
        await new Promise((resolve) => setImmediate(resolve));
      }
      signal?.throwIfAborted();
      const valDice = validationDice(weights, prepared, split.validation, classes);
      const improved: boolean = !best || valDice > best.valDice;
      const checkpoint: Checkpoint | null = improved
        ? { epoch, valDice, onnx: unetToOnnx(weights), spec }
        : null;
      if (checkpoint) best = checkpoint;
      await onEpoch?.({ epoch, loss: lossSum / Math.max(1, steps), valDice, improved }, checkpoint);
    }
  } finally {
    disposeUnet(weights);
    optimizer.dispose();
  }
  if (!best) throw new Error('The training ran no epoch.');
  return best;
}
