#!/usr/bin/env node
/**
 * bench/server-ingest: how fast the server takes in a CT series through the chunked upload, as a ratio
 * to a discard sink fed the identical bytes by the same client in the same run. 2,000 copies of a real
 * 0.5 MB GE CT slice (distinct SOP Instance UIDs, in a temp dir) are sent by the web uploader's own code
 * (`uploadFiles` in the upload page's batches, fields and the file part as multipart, one request per
 * file) with 1 client and with 5 clients at once (5 sessions, a fifth of the files each). The server runs
 * in a process of its own (on PostgreSQL when BENCH_DATABASE_URL, default the local test database,
 * answers; PGlite on disk otherwise), the sink in another; the client is this process.
 *
 *   npm run bench:ingest     (BENCH_FILES=2000 BENCH_ROUNDS=1; BENCH_PROFILE=dir writes CPU profiles)
 */
/* global fetch -- Node's own fetch (undici), the one the web uploader uses here */
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// Run through tsx (npm run bench:ingest), so the web uploader's TypeScript imports here.
import { queueBatches } from '@voxa/imaging';
import { openSession } from '../apps/web/src/modules/upload/transfer/transferClient.ts';
import { uploadFiles } from '../apps/web/src/modules/upload/transfer/uploader.ts';
import { startProcess } from './processes/spawn.mjs';
import { writeSeriesCopies } from './series-copies.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(root, '../shared/testdata');
const SOURCE = 'dicom/dcm_qa_ct/GE/01.dcm';
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TIME_LIMIT_MS = 900_000;
const MB = 1024 * 1024;

/** PostgreSQL when it answers, else null (the server then runs on PGlite). */
async function reachablePostgres() {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

/** One client as the upload page sends: a session, then the files in queue batches, one after another. */
async function sendAsThePage(connection, files) {
  const session = await openSession(connection);
  for (const batch of queueBatches(files.map((file) => ({ file, size: file.file.size })))) {
    const result = await uploadFiles(
      batch.map((b) => b.file),
      { session, connection },
    );
    const failed = result.files.filter((f) => f.status !== 'done');
    if (failed.length) throw new Error(`${failed.length} files failed: ${failed[0].error}`);
  }
}

/** Seconds for `clients` clients at once to send every file, each a share of them. */
async function timeClients(target, files, clients) {
  const connection = {
    apiBase: `${target.url}/api`,
    headers: () => ({ ...(target.token && { Authorization: `Bearer ${target.token}`, Team: target.team }) }),
    fetch: (input, init) => fetch(input, init),
  };
  const shares = Array.from({ length: clients }, (_, c) => files.filter((_, i) => i % clients === c));
  const started = performance.now();
  await Promise.all(shares.map((share) => sendAsThePage(connection, share)));
  return (performance.now() - started) / 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-ingest-'));
  const deadline = setTimeout(() => {
    console.error(`bench/server-ingest: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  const admin = await reachablePostgres();
  const schema = `bench_ingest_${path
    .basename(temp)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`;
  let server;
  let sink;
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
    server = await startProcess('server', {
      BENCH_DATA_DIR: path.join(temp, 'data'),
      ...(admin && { BENCH_DATABASE_URL: DATABASE_URL, BENCH_SCHEMA: schema }),
    });
    sink = await startProcess('sink');
    console.log(
      `bench/server-ingest: ${FILES} files of ${(files[0].file.size / MB).toFixed(2)} MB (${SOURCE}), ` +
        `${totalMb.toFixed(0)} MB, server on ${admin ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} round(s)`,
    );
    for (const clients of [1, 5]) {
      const sinkTimes = [];
      const serverTimes = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        sinkTimes.push(await timeClients(sink, files, clients));
        serverTimes.push(await timeClients(server, files, clients));
        await rm(path.join(temp, 'data', 'teams'), { recursive: true, force: true });
      }
      const sinkRate = FILES / median(sinkTimes);
      const serverRate = FILES / median(serverTimes);
      const line = (rate) => `${rate.toFixed(0)} files/s, ${((rate * totalMb) / FILES).toFixed(0)} MB/s`;
      console.log(`  ${clients} client${clients > 1 ? 's' : ''}:`);
      console.log(`    discard sink (multipart parsed, bytes dropped): ${line(sinkRate)}`);
      console.log(`    server (chunked upload, stored, sha256, rows):  ${line(serverRate)}`);
      console.log(`    ratio server/sink: ${(serverRate / sinkRate).toFixed(2)} (aim >= 0.8; Orthanc 0.24)`);
    }
  } finally {
    clearTimeout(deadline);
    await sink?.stop();
    await server?.stop();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await admin.end();
    }
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
