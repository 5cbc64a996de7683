/**
 * A CT the size of a real one (512x512x300, 0.8x0.8x1.25 mm, int16: TotalSegmentator's example CT
 * stretched onto that grid). `writeLargeCt` writes it (in the bench's process); run as a script with
 * the file's path, this module runs one runtime job on it in a process of its own, so its peak resident
 * memory is the job's with the file read, and prints one JSON line: seconds, peak RSS and RSS before
 * the job, in MiB.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bodyModel } from '../../apps/server/test/onnx-models.ts';
import { runModel } from '../../apps/server/src/modules/inference/runtime/run-model.ts';
import { resampledDims, resampleLinear } from '../../apps/server/src/modules/inference/runtime/resample.ts';
import { readSeriesVolume } from '../../apps/server/src/modules/inference/runtime/series-volume.ts';

const DIMS = [512, 512, 300];
const SPACING = [0.8, 0.8, 1.25];

/** Writes the CT as a NIfTI-1 .nii (int16, little-endian) at `target`. */
export function writeLargeCt(testdata, target) {
  const example = readFileSync(path.join(testdata, 'segmentation/totalsegmentator/example_ct.nii.gz'));
  const source = readSeriesVolume(
    example.buffer.slice(example.byteOffset, example.byteOffset + example.byteLength),
    1,
  );
  const values = resampleLinear(source.channels[0], source.dims, DIMS, source.slope, source.intercept);
  const file = new ArrayBuffer(352 + values.length * 2);
  const header = new DataView(file);
  header.setInt32(0, 348, true);
  [3, ...DIMS, 1, 1, 1, 1].forEach((d, i) => header.setInt16(40 + 2 * i, d, true));
  header.setInt16(70, 4, true); // int16
  header.setInt16(72, 16, true);
  [1, ...SPACING, 1, 1, 1, 1].forEach((p, i) => header.setFloat32(76 + 4 * i, p, true));
  header.setFloat32(108, 352, true);
  header.setFloat32(112, 1, true);
  [0x6e, 0x2b, 0x31, 0].forEach((b, i) => header.setUint8(344 + i, b));
  const voxels = new Int16Array(file, 352);
  for (let i = 0; i < values.length; i++) voxels[i] = Math.round(values[i]);
  writeFileSync(target, new Uint8Array(file));
}

async function job(source, spec) {
  // A file this large is read into an ArrayBuffer of its own (not Node's pool): no copy.
  const bytes = readFileSync(source);
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) throw new Error('pooled read');
  const file = bytes.buffer;
  const before = process.memoryUsage().rss;
  const start = performance.now();
  const result = await runModel({ onnx: bodyModel({ threshold: 0.5 }), spec }, file);
  const seconds = (performance.now() - start) / 1000;
  const mib = (n) => Math.round(n / 2 ** 20);
  console.log(
    JSON.stringify({
      seconds: Number(seconds.toFixed(2)),
      peakMiB: mib(process.resourceUsage().maxRSS * 1024),
      beforeMiB: mib(before),
      dims: result.dims,
      modelDims: resampledDims(DIMS, SPACING, spec.targetSpacing),
    }),
  );
}

if (process.argv[1] === import.meta.filename) await job(process.argv[2], JSON.parse(process.argv[3]));
