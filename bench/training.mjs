/**
 * The CPU training engine on a longer run (issue 16 item 2, docs/decisions/0053): TotalSegmentator's
 * example CT (122x101x112 at 3 mm) with a mask from its own thresholds, body (above -500 HU) and bone
 * (above 200 HU) as two classes, BENCH_EPOCHS (30) epochs, the last fifth of the slices held out. Prints
 * each epoch's time, loss and validation Dice, then the best checkpoint's Dice through the inference
 * runtime on the held-out slices.
 *
 * The reference, measured in the same run: one plain forward pass of the same network (tfjs, the same
 * backend, no gradient) over as many batches of the same size as an epoch trains on. The ratio epoch /
 * forward is what backpropagation, Adam, the crops and the validation pass add (about 3 to 4 is what a
 * forward plus a backward pass costs anywhere; well above that would point at a slow kernel). Not part of
 * `npm test`.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { emptyLabelMask, labelMaskVoxels, parseNifti, readNiftiVolume } from '@voxa/imaging';
import { runModel } from '../apps/server/src/modules/inference/runtime/run-model.ts';
import { meanDice } from '../apps/server/src/modules/trainings/cpu/dice.ts';
import { seededRandom } from '../apps/server/src/modules/trainings/cpu/random.ts';
import { prepareCase, splitCases } from '../apps/server/src/modules/trainings/cpu/samples.ts';
import { tf, tfReady } from '../apps/server/src/modules/trainings/cpu/tf.ts';
import { BATCH, runtimeSpec, trainOnCpu } from '../apps/server/src/modules/trainings/cpu/train.ts';
import { disposeUnet, initUnet, unetForward } from '../apps/server/src/modules/trainings/cpu/unet.ts';

const testdata = process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/testdata');
const epochs = Number(process.env.BENCH_EPOCHS ?? 30);
const file = readFileSync(path.join(testdata, 'segmentation/totalsegmentator/example_ct.nii.gz'));
const image = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);

const volume = readNiftiVolume(image.slice(0));
const parsed = parseNifti(image.slice(0));
if (!volume.ok || !parsed.ok) throw new Error('example_ct.nii.gz cannot be read');
const { width, height, slices } = parsed.header;
const truth = Uint8Array.from({ length: width * height * slices }, (_, i) => {
  const hu = volume.volume.voxel(i);
  return hu > 200 ? 2 : hu > -500 ? 1 : 0;
});
const mask = emptyLabelMask(new Uint8Array(parsed.data, 0, 348), 'uint8');
labelMaskVoxels(mask.bytes).set(truth);

const setup = {
  segmentValues: [0, 1, 2],
  inputChannels: 1,
  normalisation: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
  parameters: { validationSplit: 0.2, epochs, learningRate: 0.01, patchSize: [64, 64, 64] },
};
const spec = runtimeSpec(setup);
console.log(
  `case: example_ct.nii.gz ${width}x${height}x${slices}, body and bone, ${epochs} epochs, patches ${spec.patchSize.join('x')} at ${spec.targetSpacing.join('x')} mm; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);

/** The reference: forward passes only, as many batches of BATCH crops as an epoch trains on. */
async function forwardEpoch() {
  await tfReady();
  const prepared = prepareCase(image.slice(0), mask.bytes.slice().buffer, spec);
  const { train } = splitCases([prepared], 0.2, seededRandom(1));
  const weights = initUnet(1, 3, seededRandom(1));
  const x = tf.randomNormal([BATCH, spec.patchSize[1], spec.patchSize[0], 1]);
  const start = performance.now();
  for (let at = 0; at < train.length; at += BATCH) tf.tidy(() => unetForward(weights, x).dataSync());
  const ms = performance.now() - start;
  tf.dispose(x);
  disposeUnet(weights);
  return ms;
}

await forwardEpoch(); // warm-up
const forwards = [await forwardEpoch(), await forwardEpoch(), await forwardEpoch()];
const times = [];
let last = performance.now();
const best = await trainOnCpu([{ image: image.slice(0), mask: mask.bytes.slice().buffer }], setup, {
  onEpoch: (report) => {
    const now = performance.now();
    times.push(now - last);
    console.log(
      `epoch ${report.epoch}: ${((now - last) / 1000).toFixed(2)} s, loss ${report.loss.toFixed(4)}, validation Dice ${report.valDice.toFixed(4)}${report.improved ? ' (best)' : ''}`,
    );
    last = now;
  },
});
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [median, reference] = [medianOf(times), medianOf(forwards)];
const labels = await runModel(best, image.slice(0));
const heldFrom = (slices - Math.round(slices * 0.2)) * width * height;
const perClass = [1, 2].map((c) =>
  meanDice(
    labels.labels.subarray(heldFrom).map((v) => Number(v === c)),
    truth.subarray(heldFrom).map((v) => Number(v === c)),
    2,
  ),
);
console.log(
  `best epoch ${best.epoch}: validation Dice ${best.valDice.toFixed(4)}; through the inference runtime on the held-out slices ${meanDice(labels.labels.subarray(heldFrom), truth.subarray(heldFrom), 3).toFixed(4)} (body ${perClass[0].toFixed(4)}, bone ${perClass[1].toFixed(4)})`,
);
console.log(
  `epoch median ${(median / 1000).toFixed(2)} s; forward passes only over as many batches ${(reference / 1000).toFixed(2)} s (median of 3); ratio ${(median / reference).toFixed(1)}; load ${os.loadavg()[0].toFixed(1)}`,
);
