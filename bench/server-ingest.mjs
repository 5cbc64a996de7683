#!/usr/bin/env node
/**
 * bench/server-ingest: how fast the server takes in a CT series through the chunked upload, as a ratio
 * to a discard sink fed the identical bytes by the same client in the same run. 2,000 copies of a real
 * 0.5 MB GE CT slice (distinct SOP Instance UIDs, in a temp dir) are sent by the web uploader's own code
 * (`uploadFiles` in the upload page's batches, fields and the file part as multipart, one request per
 * file) with 1 client and with 5 clients at once (5 sessions, a fifth of the files each), the sink, the
 * same sink storing the files (each written and flushed: what the disk allows a server that answers
 * 'stored') and the server taking turns over slices of the set. The server runs in a process of its own
 * (on PostgreSQL when BENCH_DATABASE_URL, default the local test database, answers; PGlite on disk
 * otherwise), each sink in another; the client is this process.
 *
 *   npm run bench:ingest     (BENCH_FILES=2000 BENCH_SLICES=4; BENCH_PROFILE=dir writes CPU profiles)
 */
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { connectionTo, sendAsThePage } from './page-upload.mjs';
import { startProcess, startServer } from './processes/spawn.mjs';
import { writeSeriesCopies } from './series-copies.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(root, '../shared/testdata');
const SOURCE = 'dicom/dcm_qa_ct/GE/01.dcm';
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const SLICES = Number(process.env.BENCH_SLICES ?? 4);
const TIME_LIMIT_MS = 900_000;
const MB = 1024 * 1024;

/** Seconds for `clients` clients at once to send every file, each a share of them. */
async function timeClients(target, files, clients) {
  const connection = connectionTo(target);
  const shares = Array.from({ length: clients }, (_, c) => files.filter((_, i) => i % clients === c));
  const started = performance.now();
  await Promise.all(shares.map((share) => sendAsThePage(connection, share)));
  return (performance.now() - started) / 1000;
}

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-ingest-'));
  const deadline = setTimeout(() => {
    console.error(`bench/server-ingest: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  let server;
  const sinks = {};
  try {
    await mkdir(path.join(temp, 'series'));
    const paths = writeSeriesCopies(path.join(testdata, SOURCE), path.join(temp, 'series'), FILES);
    const files = await Promise.all(
      paths.map(async (p, i) => ({
        file: await openAsBlob(p),
        path: `ct/${path.basename(p)}`,
        lastModified: i,
        seriesId: 'ct',
      })),
    );
    const totalMb = files.reduce((n, f) => n + f.file.size, 0) / MB;
    server = await startServer(path.join(temp, 'data'));
    sinks.discard = await startProcess('sink');
    sinks.storing = await startProcess('sink', { BENCH_SINK_DIR: await mkdtemp(path.join(temp, 'sink-')) });
    console.log(
      `bench/server-ingest: ${FILES} files of ${(files[0].file.size / MB).toFixed(2)} MB (${SOURCE}), ` +
        `${totalMb.toFixed(0)} MB, server on ${server.database}, sinks and server taking turns in ${SLICES} slices`,
    );
    for (const clients of [1, 5]) {
      // Slices of the set, the three taking turns going first: a load that changes on a shared machine
      // weighs on all alike.
      const seconds = { discard: 0, storing: 0, server: 0 };
      const targets = { discard: sinks.discard, storing: sinks.storing, server };
      const order = Object.keys(targets);
      for (let slice = 0; slice < SLICES; slice += 1) {
        const part = files.filter((_, i) => i % SLICES === slice);
        for (let t = 0; t < order.length; t += 1) {
          const name = order[(slice + t) % order.length];
          seconds[name] += await timeClients(targets[name], part, clients);
        }
      }
      await rm(path.join(temp, 'data', 'teams'), { recursive: true, force: true });
      const [sinkRate, storingRate, serverRate] = order.map((name) => FILES / seconds[name]);
      const line = (rate) => `${rate.toFixed(0)} files/s, ${((rate * totalMb) / FILES).toFixed(0)} MB/s`;
      console.log(`  ${clients} client${clients > 1 ? 's' : ''}:`);
      console.log(`    discard sink (multipart parsed, bytes dropped): ${line(sinkRate)}`);
      console.log(`    storing sink (each file written and flushed):   ${line(storingRate)}`);
      console.log(`    server (chunked upload, stored, sha256, rows):  ${line(serverRate)}`);
      console.log(`    ratio server/sink: ${(serverRate / sinkRate).toFixed(2)} (aim >= 0.8; Orthanc 0.24)`);
      console.log(
        `    ratio server/storing sink: ${(serverRate / storingRate).toFixed(2)}; storing/discard sink: ` +
          `${(storingRate / sinkRate).toFixed(2)} (what flushing each file costs on this disk: the most a server ` +
          `answering once a file is on disk reaches here, decision 0084)`,
      );
    }
  } finally {
    clearTimeout(deadline);
    await Promise.all(Object.values(sinks).map((sink) => sink.stop()));
    await server?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
