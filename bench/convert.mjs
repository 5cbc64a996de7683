/**
 * Conversion time per series: the server's dcm2niix WebAssembly runner (warm, as in production) against
 * the native `dcm2niix` (Debian package) on the same series, in the same run. Four corpus series run in
 * this process (median of BENCH_ROUNDS); a 2,000-slice CT series, written at start into a temp dir from a
 * real slice (bench/lib/ct-series.mjs), runs each converter in a process of its own so its peak resident
 * memory (with the dcm2niix it spawns) is the conversion's. Prints each ratio wasm/native (aim: at most
 * 2) and the peak memory. Not part of `npm test`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { nativeConverter, wasmConverter } from '../apps/server/src/platform/dcm2niix/index.ts';
import { writeCtSeries } from './lib/ct-series.mjs';
import { mib, watchPeakRss } from './lib/process-tree.mjs';

const testdata = process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/testdata');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const longRounds = Number(process.env.BENCH_LONG_ROUNDS ?? 1);
const slices = Number(process.env.BENCH_SLICES ?? 2000);
const SERIES = [
  'dicom/dcm_qa_nih/20180918GE/mr_0004',
  'dicom/dcm_qa_nih/20180918Si/mr_0003',
  'dicom/dcm_qa_xa30/5_anat-T1w_acq-tfl',
  'dicom/dcm_qa_enh/Siemens/XA10',
];

function requireNative() {
  try {
    execFileSync('which', ['dcm2niix']);
  } catch {
    console.error('native dcm2niix not found: apt-get install -y dcm2niix');
    process.exit(1);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(converter, input, work) {
  const out = await mkdtemp(path.join(work, 'out-'));
  const start = performance.now();
  await converter.convert(input, out);
  const ms = performance.now() - start;
  await rm(out, { recursive: true, force: true });
  return ms;
}

/** One converter on the long series in a fresh process: its time and the process tree's peak memory. */
async function timeAlone(mode, input, work) {
  const out = path.join(work, `long-${mode}`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'lib/convert-once.mjs'),
      mode,
      path.join(testdata, SERIES[1]),
      input,
      out,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const memory = watchPeakRss(child.pid);
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const peak = memory.stop();
  await rm(out, { recursive: true, force: true });
  await rm(`${out}-warm-up`, { recursive: true, force: true });
  if (code !== 0) throw new Error(`${mode} conversion of the long series failed (exit code ${code})`);
  return { ms: JSON.parse(stdout).ms, peak };
}

requireNative();
const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-convert-'));
const wasm = wasmConverter();
const native = nativeConverter('dcm2niix');
try {
  // The module compiles once per process; production keeps it, so the warm-up is not counted.
  await time(wasm, path.join(testdata, SERIES[0]), work);
  const ratios = [];
  for (const series of SERIES) {
    const input = path.join(testdata, series);
    const w = [];
    const n = [];
    for (let i = 0; i < rounds; i += 1) {
      n.push(await time(native, input, work));
      w.push(await time(wasm, input, work));
    }
    const ratio = median(w) / median(n);
    ratios.push(ratio);
    console.log(
      `${series}: wasm ${median(w).toFixed(0)} ms, native ${median(n).toFixed(0)} ms, ratio ${ratio.toFixed(2)}`,
    );
  }
  console.log(`median ratio wasm/native of the corpus series: ${median(ratios).toFixed(2)} (aim <= 2)`);
  await wasm.close();

  const long = path.join(work, 'ct');
  await mkdir(long);
  const written = performance.now();
  await writeCtSeries(testdata, long, slices);
  console.log(`${slices}-slice CT written in ${((performance.now() - written) / 1000).toFixed(1)} s`);
  const runs = { native: [], wasm: [] };
  for (let i = 0; i < longRounds; i += 1)
    for (const mode of ['native', 'wasm']) runs[mode].push(await timeAlone(mode, long, work));
  const line = (mode) =>
    `${mode} ${(median(runs[mode].map((r) => r.ms)) / 1000).toFixed(1)} s, peak ${mib(Math.max(...runs[mode].map((r) => r.peak)))}`;
  const ratio = median(runs.wasm.map((r) => r.ms)) / median(runs.native.map((r) => r.ms));
  console.log(
    `${slices}-slice CT (512x512): ${line('wasm')}; ${line('native')}; ratio ${ratio.toFixed(2)} (aim <= 2)`,
  );
} finally {
  await wasm.close();
  await rm(work, { recursive: true, force: true });
}
