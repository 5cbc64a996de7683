#!/usr/bin/env node
/**
 * bench/ingest: files per second of the Upload V2 ingest (classify + read + DICOM header parse in the
 * workers + grouping) against reading the same bytes without parsing, in the same headless Chromium run.
 * A 2,000-file series is generated in a temp dir from one real GE MR slice (distinct SOPInstanceUIDs),
 * a harness page is built with Vite into the same temp dir, and both are removed at the end.
 *
 *   npm run bench            (BENCH_FILES=5000 BENCH_ROUNDS=5 to change the size)
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
// Run through tsx (npm run bench), so the e2e harness's TypeScript is importable here.
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { writeSeriesCopies } from './series-copies.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(root, '../shared/testdata');
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TIME_LIMIT_MS = 300_000;
const SOURCE = 'dicom/dcm_qa_nih/20180918GE/mr_0004/axial_epi_fmri_interleaved_i_to_s-00001.dcm';
function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = http.createServer((req, res) => {
    const name = new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html');
    const file = path.join(dir, path.normalize(name));
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-ingest-'));
  let browser;
  let server;
  const deadline = setTimeout(() => {
    console.error(`bench/ingest: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  try {
    const paths = writeSeriesCopies(path.join(testdata, SOURCE), temp, FILES);
    const dist = path.join(temp, 'harness');
    await build({
      root: path.join(root, 'bench/ingest-harness'),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
    });
    server = await serve(dist);
    const executablePath = findChromium() ?? undefined;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.locator('#files').setInputFiles(paths);
    const result = await page.evaluate((rounds) => globalThis.bench(rounds), ROUNDS);

    const rate = (ms) => (result.files / ms) * 1000;
    const rawRate = rate(median(result.raw));
    const ingestRate = rate(median(result.runs.map((r) => r.ms)));
    const last = result.runs.at(-1);
    console.log(
      `bench/ingest: ${result.files} DICOM files (${SOURCE.split('/').pop()}), median of ${ROUNDS} rounds`,
    );
    console.log(
      `  raw read (the reference: the same bytes read on the page file by file, 50 at a time, no parsing): ${rawRate.toFixed(0)} files/s`,
    );
    console.log(
      `  raw read as the ingest now reads (each 50 files' prefixes joined in one Blob, read in the workers, no parsing): ${rate(median(result.joined)).toFixed(0)} files/s`,
    );
    console.log(
      `  raw read through slice() of every file (how the ingest read before decision 0029): ${rate(median(result.sliced)).toFixed(0)} files/s`,
    );
    console.log(
      `  ingest (classify, read and header parse in the workers, grouping): ${ingestRate.toFixed(0)} files/s`,
    );
    console.log(`  first ingest with cold workers: ${rate(result.coldIngestMs).toFixed(0)} files/s`);
    console.log(
      `  result: ${last.studies} study, ${last.series} series, ${last.slices} slices, ${last.errors} errors`,
    );
    console.log(`  longest main-thread task during ingest: ${result.longestTaskMs.toFixed(0)} ms`);
    // Each round reads raw then ingests: the ratio of each pair sees the same moment of a shared machine.
    const paired = result.raw.map((rawMs, i) => rawMs / result.runs[i].ms);
    console.log(`  ratio ingest/raw: ${(ingestRate / rawRate).toFixed(2)} (aim >= 1.0)`);
    console.log(
      `  ratio of each round: ${paired.map((r) => r.toFixed(2)).join(' ')}, median ${median(paired).toFixed(2)}; ` +
        `load average ${os
          .loadavg()
          .map((v) => v.toFixed(1))
          .join(' ')}`,
    );
  } finally {
    clearTimeout(deadline);
    await browser?.close();
    server?.close();
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
