/**
 * Conversion time per series: the server's dcm2niix WebAssembly runner (one warm worker thread, as in
 * production) against the native `dcm2niix` (Debian package) on the same series, in the same run.
 * Prints each series' medians and the ratio wasm/native (aim: at most 1.5). Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { nativeConverter, wasmConverter } from '../apps/server/src/platform/dcm2niix/index.ts';

const testdata = process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/testdata');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const SERIES = [
  'dicom/dcm_qa_nih/20180918GE/mr_0004',
  'dicom/dcm_qa_nih/20180918Si/mr_0003',
  'dicom/dcm_qa_xa30/5_anat-T1w_acq-tfl',
  'dicom/dcm_qa_enh/Siemens/XA10',
];

function nativeBinary() {
  try {
    return execFileSync('which', ['dcm2niix']).toString().trim();
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

const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-convert-'));
const wasm = wasmConverter();
const native = nativeConverter(nativeBinary());
try {
  // The module compiles once per worker; production keeps the worker, so the warm-up is not counted.
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
  console.log(`median ratio wasm/native: ${median(ratios).toFixed(2)} (aim <= 1.5)`);
} finally {
  await wasm.close();
  await rm(work, { recursive: true, force: true });
}
