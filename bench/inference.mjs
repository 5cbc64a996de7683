/**
 * The built-in CPU inference runtime's time for one case (TotalSegmentator's example CT, 122x101x112 at
 * 3 mm, run at 1.5 mm: 244x202x224 voxels, 180 patches of 96x96x48) against plain onnxruntime-node
 * running the same model over the same patches of the same preprocessed array, in the same run
 * (docs/decisions/0044). The runtime's time is the whole job: read and inflate the NIfTI, resample,
 * normalise, open the session, the sliding window, the argmax and the resampling back. The reference is
 * only `session.run` of onnxruntime-node in the bench's thread on each patch, the patches cut beforehand
 * and not timed. Two models, both built by the tests' encoder: the one-Conv body model and the same with
 * 16 hidden channels (two Convs). The built-in worker's path is timed too: the same job in a worker thread
 * of its own (runInThread), files in, the label map file out. Median of BENCH_ROUNDS (3) each, alternating.
 * Prints the ratio runtime/reference (aim: at most 1.25). Then the time from a job's creation to the
 * built-in worker starting it, against the lease call alone (bench/lib/inference-start.mjs; BENCH_START=0
 * skips it). Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ort from 'onnxruntime-node';
import { bodyModel } from '../apps/server/test/onnx-models.ts';
import { prepareVolume, runModel } from '../apps/server/src/modules/inference/runtime/run-model.ts';
import { extractPatch, windowGrid } from '../apps/server/src/modules/inference/runtime/sliding-window.ts';
import { runInThread } from '../apps/server/src/modules/inference/builtin-worker/run-in-thread.ts';
import { writeLargeCt } from './lib/inference-large.mjs';
import { jobStartLatency } from './lib/inference-start.mjs';

const testdata = process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/testdata');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const file = readFileSync(path.join(testdata, 'segmentation/totalsegmentator/example_ct.nii.gz'));
const bytes = () => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);

const spec = {
  inputChannels: 1,
  targetSpacing: [1.5, 1.5, 1.5],
  normalisation: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
  patchSize: [96, 96, 48],
  overlap: 0.5,
  segmentValues: [0, 1],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Plain onnxruntime-node in this thread: the runtime's session options, each prepared patch once, batch 1. */
async function reference(onnx, patches) {
  const session = await ort.InferenceSession.create(onnx, {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: 0,
  });
  const dims = [1, 1, spec.patchSize[2], spec.patchSize[1], spec.patchSize[0]];
  const feed = (patch) => ({ [session.inputNames[0]]: new ort.Tensor('float32', patch, dims) });
  try {
    await session.run(feed(patches[0]));
    const start = performance.now();
    for (const patch of patches) await session.run(feed(patch));
    return performance.now() - start;
  } finally {
    await session.release();
  }
}

async function runtime(onnx) {
  const start = performance.now();
  await runModel({ onnx, spec }, bytes());
  return performance.now() - start;
}

/** The built-in worker's way: the same job in a worker thread of its own, from files, the label map back. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'voxa-inference-thread-'));
const inputPath = path.join(scratch, 'ct.nii.gz');
writeFileSync(inputPath, file);
async function inThread(onnx) {
  const onnxPath = path.join(scratch, 'model.onnx');
  writeFileSync(onnxPath, onnx);
  const start = performance.now();
  await runInThread({ onnxPath, spec, inputPath, threads: 0 });
  return performance.now() - start;
}

const prepared = prepareVolume(bytes(), spec);
const starts = windowGrid(prepared.dims, spec.patchSize, spec.overlap);
const patchVoxels = spec.patchSize[0] * spec.patchSize[1] * spec.patchSize[2];
const patches = starts.map((start) => {
  const patch = new Float32Array(patchVoxels);
  extractPatch(prepared.channels, prepared.dims, start, spec.patchSize, prepared.fill, patch);
  return patch;
});
console.log(
  `case: example_ct.nii.gz ${prepared.series.join('x')} -> ${prepared.dims.join('x')} at 1.5 mm, ${starts.length} patches of ${spec.patchSize.join('x')}; ${rounds} rounds; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);

for (const hidden of [0, 16]) {
  const onnx = bodyModel({ threshold: 0.5, hidden });
  await runtime(onnx); // warm-up: code paths, allocator
  const [ours, threaded, theirs] = [[], [], []];
  for (let round = 0; round < rounds; round++) {
    ours.push(await runtime(onnx));
    threaded.push(await inThread(onnx));
    theirs.push(await reference(onnx, patches));
  }
  const [a, w, b] = [median(ours), median(threaded), median(theirs)];
  console.log(
    `model ${hidden ? `2 Convs, ${hidden} hidden channels` : '1 Conv'}: runtime ${(a / 1000).toFixed(2)} s, in the built-in worker's thread ${(w / 1000).toFixed(2)} s, onnxruntime-node alone ${(b / 1000).toFixed(2)} s, ratios ${(a / b).toFixed(2)} and ${(w / b).toFixed(2)} (aim <= 1.25); load ${os.loadavg()[0].toFixed(1)}`,
  );
}

rmSync(scratch, { recursive: true, force: true });

if (process.env.BENCH_LARGE !== '0') {
  // A real CT's size, in a process of its own: its peak memory is the job's (BENCH_LARGE=0 skips it).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voxa-inference-'));
  try {
    const large = path.join(dir, 'ct.nii');
    writeLargeCt(testdata, large);
    const script = path.join(import.meta.dirname, 'lib/inference-large.mjs');
    const child = spawnSync(process.execPath, ['--import', 'tsx', script, large, JSON.stringify(spec)], {
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(child.stderr);
    const job = JSON.parse(child.stdout.trim().split('\n').at(-1));
    console.log(
      `CT ${job.dims.join('x')} (0.8x0.8x1.25 mm, int16) -> ${job.modelDims.join('x')} at 1.5 mm, 1 Conv: ${job.seconds} s, peak RSS ${job.peakMiB} MiB (${job.beforeMiB} MiB before the job, the file read)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_START !== '0') {
  const jobs = 10 * rounds;
  const { latency, lease, max } = await jobStartLatency(jobs);
  console.log(
    `job creation -> built-in worker starting it: median ${latency.toFixed(0)} ms (max ${max.toFixed(0)} ms) over ${jobs} jobs; the lease call alone ${lease.toFixed(1)} ms, ratio ${(latency / lease).toFixed(0)} (the worker polls every second when idle); load ${os.loadavg()[0].toFixed(1)}`,
  );
}
