#!/usr/bin/env node
/**
 * bench/process: 'Process' to 'Upload finished!' for one long CT series (2,000 slices of 512 x 512,
 * written at start from a real GE slice, bench/lib/ct-series.mjs) against the upload alone of the same
 * files, in the same run. The server runs in a process of its own (embedded database, a fresh DATA_DIR);
 * the client is the web page's own code: `uploadFiles` for the upload alone, and `runUpload` for Process
 * (session, pseudonym, study, chunks, conversion request, the `upload:conversion:oneserie:done` socket
 * event, upload-finished). Prints both times, the ratio (aim <= 1.3) and the server's peak memory (its
 * process tree: with the native dcm2niix it spawns). Not part of `npm test`.
 *
 *   npm run bench:process   (BENCH_SLICES=2000 BENCH_ROUNDS=1; BENCH_CONVERTER=wasm for WebAssembly only;
 *                            BENCH_ANONYMIZE=false to upload without de-identification)
 */
/* global fetch -- Node's own, the one the web uploader uses here */
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
// Run through tsx (npm run bench:process), so the web page's TypeScript imports here.
import { conversionWaiter } from '../apps/web/src/modules/upload/transfer/conversionEvents.ts';
import { runUpload } from '../apps/web/src/modules/upload/transfer/runUpload.ts';
import { openSession } from '../apps/web/src/modules/upload/transfer/transferClient.ts';
import { uploadFiles } from '../apps/web/src/modules/upload/transfer/uploader.ts';
import { caller, planOf, signIn } from './lib/bench-session.mjs';
import { writeCtSeries } from './lib/ct-series.mjs';
import { mib, waitUntilQuiet, watchPeakRss } from './lib/process-tree.mjs';
import { startServer } from '../apps/server/test/serve-process.ts';

const testdata = process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/testdata');
const SLICES = Number(process.env.BENCH_SLICES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const ANONYMIZE = process.env.BENCH_ANONYMIZE !== 'false';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-process-'));
  let server;
  let socket;
  const cleanUp = async () => {
    socket?.disconnect();
    await server?.stop();
    await rm(temp, { recursive: true, force: true });
  };
  // Stopped from outside (Ctrl-C, a time limit): the 2 GB it wrote and the server go too.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    const seriesDir = path.join(temp, 'ct');
    await mkdir(seriesDir);
    const paths = await writeCtSeries(testdata, seriesDir, SLICES);
    // File-backed blobs: the client reads the files as a browser does, without holding them in memory.
    const files = await Promise.all(
      paths.map(async (p, i) =>
        Object.assign(await openAsBlob(p), { lastModified: i, name: path.basename(p) }),
      ),
    );
    const refs = await Promise.all(
      paths.map(async (p) => ({
        name: path.basename(p),
        size: (await stat(p)).size,
        path: `ct/${path.basename(p)}`,
      })),
    );
    const fileByPath = new Map(refs.map((r, i) => [r.path, files[i]]));
    const totalMb = files.reduce((n, f) => n + f.size, 0) / 2 ** 20;

    const converterEnv = process.env.BENCH_CONVERTER === 'wasm' ? { DCM2NIIX_BINARY: 'wasm' } : {};
    server = await startServer(path.join(temp, 'data'), converterEnv);
    const session = await signIn(server.url, 'bench');
    socket = session.socket;
    const connection = {
      apiBase: `${server.url}/api`,
      headers: session.headers,
      fetch: (i, init) => fetch(i, init),
    };
    const memory = watchPeakRss(server.pid);
    const idle = memory.reset();

    // Warm-up, not counted: the server's first requests compile its code paths and fill its caches.
    const warmUp = files
      .slice(0, 20)
      .map((file, i) => ({ file, path: `warm-up/${i}.dcm`, lastModified: i, seriesId: 'w' }));
    await uploadFiles(warmUp, { session: await openSession(connection), connection });

    const alone = [];
    const processed = [];
    const sending = [];
    const peaks = { alone: 0, process: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      await waitUntilQuiet(server.pid);
      memory.reset();
      let started = performance.now();
      const result = await uploadFiles(
        files.map((file, i) => ({
          file,
          path: `alone-${round}/${i + 1}.dcm`,
          lastModified: i,
          seriesId: 'alone',
        })),
        { session: await openSession(connection), connection },
      );
      alone.push(performance.now() - started);
      peaks.alone = Math.max(peaks.alone, memory.peak());
      const failed = result.files.filter((f) => f.status !== 'done');
      if (failed.length) throw new Error(`${failed.length} files failed: ${failed[0].error}`);

      await waitUntilQuiet(server.pid);
      memory.reset();
      const statuses = [];
      started = performance.now();
      await runUpload(
        planOf(refs, round, ANONYMIZE),
        {
          seriesStatus: (_id, status) => statuses.push(status),
          studyStored: () => undefined,
          converting: () => sending.push(performance.now() - started),
          finished: () => undefined,
        },
        {
          call: caller(server.url, session.headers),
          connection,
          fileOf: (ref) => fileByPath.get(ref.path),
          conversionEnd: conversionWaiter(socket),
        },
      );
      processed.push(performance.now() - started);
      peaks.process = Math.max(peaks.process, memory.peak());
      if (statuses.at(-1) !== 'done')
        throw new Error(`the series ended ${statuses.join(' > ')}\n${server.output()}`);
    }
    memory.stop();

    const converter =
      process.env.BENCH_CONVERTER === 'wasm' ? 'WebAssembly dcm2niix' : 'native dcm2niix when found';
    console.log(
      `bench/process: ${SLICES} CT slices, ${totalMb.toFixed(0)} MB, ${ANONYMIZE ? 'anonymised' : 'not anonymised'}, ${converter}, median of ${ROUNDS} round(s)`,
    );
    console.log(`  server before the rounds: ${mib(idle)}`);
    console.log(`  upload alone: ${seconds(median(alone))}, server peak ${mib(peaks.alone)}`);
    console.log(
      `  Process to 'Upload finished!': ${seconds(median(processed))} (files sent after ${seconds(median(sending))}), server peak ${mib(peaks.process)}`,
    );
    console.log(`  ratio process/upload: ${(median(processed) / median(alone)).toFixed(2)} (aim <= 1.3)`);
  } finally {
    await cleanUp();
  }
}

await main();
