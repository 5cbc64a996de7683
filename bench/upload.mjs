#!/usr/bin/env node
/**
 * bench/upload: upload throughput over loopback of a generated set through the chunked protocol (the web
 * uploader's `uploadFiles` against the real server: multipart chunks, database rows, running sha256,
 * flush and rename per file), as a ratio to plain streaming PUTs of the same bytes in the same run
 * (a bench-only sink that writes each body to a file and flushes it). Two cases:
 * - large files: client and both servers share this process (PGlite in memory), one PUT of everything;
 * - many small files: the client here, the server (PostgreSQL when it answers) and the sink in processes
 *   of their own, the page's batches, one PUT per file, as many at once as the uploader sends files.
 *
 *   npm run bench:upload     (BENCH_UPLOAD_MB=500 BENCH_UPLOAD_FILE_MB=20 BENCH_ROUNDS=3 to change the size,
 *                             BENCH_CHUNK_MB=8 BENCH_PARALLEL=2 to change the uploader's settings,
 *                             BENCH_SMALL_FILES=2000 BENCH_SMALL_KB=64 for the small files, 0 files to skip)
 */
/* global fetch -- Node's own fetch (undici), the one the web uploader uses here */
import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { clearTimeout, setTimeout } from 'node:timers';
// Run through tsx (npm run bench:upload), so the server and the web uploader's TypeScript import here.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createUser } from '../apps/server/src/modules/accounts/service.ts';
import { issueToken } from '../apps/server/src/modules/accounts/sessions.ts';
import { openDb } from '../apps/server/src/platform/db/index.ts';
import { openSession } from '../apps/web/src/modules/upload/transfer/transferClient.ts';
import { uploadFiles } from '../apps/web/src/modules/upload/transfer/uploader.ts';
import { connectionTo, sendAsThePage } from './page-upload.mjs';
import { startProcess, startServer } from './processes/spawn.mjs';

const MB = 1024 * 1024;
const TOTAL_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const FILE_MB = Number(process.env.BENCH_UPLOAD_FILE_MB ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SMALL_FILES = Number(process.env.BENCH_SMALL_FILES ?? 2000);
const SMALL_KB = Number(process.env.BENCH_SMALL_KB ?? 64);
const TIME_LIMIT_MS = 900_000;

/** The bench-only reference: one PUT whose body is streamed to a file, flushed before the answer. */
function startSink(dir) {
  let n = 0;
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, `sink-${(n += 1)}.bin`);
    await pipeline(req, createWriteStream(file));
    const handle = await open(file, 'r');
    await handle.sync();
    await handle.close();
    res.end('ok');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The generated set: files of FILE_MB random bytes (the last one shorter) adding up to TOTAL_MB. */
function generateSet() {
  const files = [];
  for (let left = TOTAL_MB * MB, i = 0; left > 0; left -= FILE_MB * MB, i += 1) {
    const size = Math.min(left, FILE_MB * MB);
    files.push({
      path: `study/series-${i % 4}/file-${String(i).padStart(4, '0')}.bin`,
      bytes: randomBytes(size),
    });
  }
  return files;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each file as its own PUT to the sink's store, `parallel` at a time. */
async function putEach(sinkUrl, files, parallel) {
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const res = await fetch(`${sinkUrl}/store`, { method: 'PUT', body: f.file, duplex: 'half' });
      if ((await res.text()) !== 'ok') throw new Error('sink failed');
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/**
 * Many small files with client, server and sink in three processes: the page's upload against one PUT
 * per file, the two taking turns over two halves of the set (a changing load weighs on both alike).
 */
async function manySmallFiles(temp) {
  const files = Array.from({ length: SMALL_FILES }, (_, i) => ({
    file: new Blob([randomBytes(SMALL_KB * 1024)]),
    path: `small/series-${i % 4}/file-${String(i).padStart(5, '0')}.bin`,
    lastModified: i,
    seriesId: `series-${i % 4}`,
  }));
  const parallel = Number(process.env.BENCH_PARALLEL ?? 2);
  const server = await startServer(path.join(temp, 'small-data'));
  const sink = await startProcess('sink', { BENCH_SINK_DIR: path.join(temp, 'small-sink') });
  try {
    await mkdir(path.join(temp, 'small-sink'));
    let plain = 0;
    let chunked = 0;
    for (const [half, part] of [0, 1].map((h) => [h, files.filter((_, i) => i % 2 === h)])) {
      const timed = async (run) => {
        const started = performance.now();
        await run();
        return performance.now() - started;
      };
      const put = () => timed(() => putEach(sink.url, part, parallel));
      const upload = () =>
        timed(() => sendAsThePage(connectionTo(server), part, { parallelFiles: parallel }));
      if (half === 0) plain += await put();
      chunked += await upload();
      if (half === 1) plain += await put();
    }
    const rate = (ms) => SMALL_FILES / (ms / 1000);
    console.log(
      `bench/upload: ${SMALL_FILES} files of ${SMALL_KB} KB, client, server (${server.database}) and sink in separate processes`,
    );
    console.log(
      `  plain PUT per file (${parallel} at once, written and flushed): ${rate(plain).toFixed(0)} files/s`,
    );
    console.log(`  chunked protocol (the page's batches, uploadFiles): ${rate(chunked).toFixed(0)} files/s`);
    console.log(`  ratio chunked/plain: ${(rate(chunked) / rate(plain)).toFixed(2)} (aim >= 0.8)`);
  } finally {
    await sink.stop();
    await server.stop();
  }
}

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-upload-'));
  const deadline = setTimeout(() => {
    console.error(`bench/upload: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  let app;
  let db;
  let sink;
  try {
    const config = loadConfig({
      DATA_DIR: path.join(temp, 'data'),
      LOG_LEVEL: 'silent',
      BASE_DOMAIN: 'bench.test',
      WEB_DIST: path.join(temp, 'no-web'),
    });
    db = await openDb({});
    app = await buildApp({ config, db, mailer: { send: async () => undefined } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${app.server.address().port}/api`;
    sink = await startSink(temp);
    const sinkUrl = `http://127.0.0.1:${sink.address().port}/`;

    const user = await createUser(
      { db },
      { name: 'Bench', email: 'bench@example.org', password: 'bench password', verified: true },
    );
    const { token } = await issueToken(db, user.id, { ttlDays: 1 });
    const teamRes = await fetch(`${api}/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench', slug: 'bench' }),
    });
    if (teamRes.status !== 201) throw new Error(`team: ${teamRes.status} ${await teamRes.text()}`);
    const connection = {
      apiBase: api,
      headers: () => ({ Authorization: `Bearer ${token}`, Team: 'bench' }),
      fetch: (input, init) => fetch(input, init),
    };

    const set = generateSet();
    const totalBytes = set.reduce((n, f) => n + f.bytes.length, 0);
    const transferFiles = set.map((f, i) => ({
      file: new Blob([f.bytes]),
      path: f.path,
      lastModified: i,
      seriesId: f.path.split('/')[1],
    }));
    const whole = new Blob(set.map((f) => f.bytes));

    const plain = [];
    const chunked = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      const res = await fetch(sinkUrl, { method: 'PUT', body: whole, duplex: 'half' });
      if ((await res.text()) !== 'ok') throw new Error('sink failed');
      plain.push(performance.now() - started);
      await rm(path.join(temp, `sink-${round + 1}.bin`));

      const session = await openSession(connection);
      started = performance.now();
      const result = await uploadFiles(transferFiles, {
        session,
        connection,
        ...(process.env.BENCH_CHUNK_MB && { chunkSize: Number(process.env.BENCH_CHUNK_MB) * MB }),
        ...(process.env.BENCH_PARALLEL && { parallelFiles: Number(process.env.BENCH_PARALLEL) }),
      });
      chunked.push(performance.now() - started);
      const failed = result.files.filter((f) => f.status !== 'done');
      if (failed.length) throw new Error(`${failed.length} files failed: ${failed[0].error}`);
      await rm(path.join(config.DATA_DIR, 'teams'), { recursive: true, force: true });
    }

    const rate = (ms) => totalBytes / MB / (ms / 1000);
    const plainRate = rate(median(plain));
    const chunkedRate = rate(median(chunked));
    console.log(
      `bench/upload: ${set.length} files, ${(totalBytes / MB).toFixed(0)} MB, median of ${ROUNDS} rounds, loopback`,
    );
    console.log(`  plain streaming PUT (one request, written and flushed): ${plainRate.toFixed(0)} MB/s`);
    const chunkMb = Number(process.env.BENCH_CHUNK_MB ?? 8);
    const parallel = Number(process.env.BENCH_PARALLEL ?? 2);
    console.log(
      `  chunked protocol (uploadFiles: ${parallel} files in parallel, ${chunkMb} MB chunks, rows, sha256, flush + rename): ${chunkedRate.toFixed(0)} MB/s`,
    );
    console.log(`  ratio chunked/plain: ${(chunkedRate / plainRate).toFixed(2)} (aim >= 0.8)`);
    if (SMALL_FILES > 0) await manySmallFiles(temp);
  } finally {
    clearTimeout(deadline);
    sink?.close();
    await app?.close();
    await db?.destroy();
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
