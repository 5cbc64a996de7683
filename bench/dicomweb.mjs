#!/usr/bin/env node
/**
 * bench/dicomweb: the DICOMweb service of a team, from another process, with an API user's token.
 *
 *   - STOW-RS: BENCH_INSTANCES (2,000) real 512 x 512 CT slices of about 0.5 MB (bench/lib/ct-series.mjs:
 *     the GE series of dcm_qa_ct tiled along z), in series of BENCH_SERIES_SIZE (200) with a study each,
 *     one `POST /dicom-web/studies` a series, against a discard sink (bench/processes/sink.mjs) taking
 *     the same bodies over HTTP the same way (held whole, split into parts by the server's own parser,
 *     dropped), sink and server taking turns a series at a time. The server answers once the series are
 *     converted (decision 0066): its time includes storing, de-identification (the team's default) and
 *     dcm2niix. Printed apart: how long the bytes took to send, and how long until the answer.
 *   - QIDO-RS: BENCH_STUDIES (100,000) studies indexed (rows written in SQL on the server's database by
 *     bench/lib/dicomweb-seed.mjs), `GET /dicom-web/studies` by a patient name prefix and by a month of
 *     study dates, each in rounds interleaved with the reference `GET /api/user` (sign-in and one row:
 *     the floor of an API call, a `SELECT 1` through the stack), medians and p95 beside it.
 *
 * The server runs in a process of its own (on PostgreSQL when BENCH_DATABASE_URL, default the local
 * test database, answers; PGlite on disk otherwise), the sink in another; the client is this process.
 *
 *   npm run bench:dicomweb    (BENCH_INSTANCES=2000 BENCH_SERIES_SIZE=200 BENCH_STUDIES=100000
 *                              BENCH_STUDY_INSTANCES=3 BENCH_ROUNDS=5 BENCH_BLOCK=20)
 */
/* global fetch -- Node's own fetch (undici) */
import { Buffer } from 'node:buffer';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeMultipartRelated } from '../apps/server/src/modules/dicomweb/multipart-related.ts';
import { CT_SERIES_SLICES, writeCtSeries } from './lib/ct-series.mjs';
import { startProcess, startServer } from './processes/spawn.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const testdata = process.env.TESTDATA_DIR ?? path.resolve(here, '../../shared/testdata');
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2000);
const SERIES_SIZE = Number(process.env.BENCH_SERIES_SIZE ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 20);
const TIME_LIMIT_MS = 3_600_000;
const MB = 1024 * 1024;
const REFERENCED_SOPS = '00081199';
const FAILED_SOPS = '00081198';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};
const ms = (v) => `${v.toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

/**
 * One request with its body; seconds until the body was handed to the socket (`sent`) and until the
 * answer was read whole (`answered`), from the start.
 */
function send(base, route, { method = 'POST', headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    const req = http.request(`${base}${route}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          text: Buffer.concat(chunks).toString(),
          sent: sent || (performance.now() - started) / 1000,
          answered: (performance.now() - started) / 1000,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body, () => (sent = (performance.now() - started) / 1000));
  });
}

/** The STOW-RS body of one series' files, and its content type. */
async function stowBody(files) {
  const parts = await Promise.all(files.map(async (f) => ({ body: await readFile(f) })));
  const { contentType, pieces } = writeMultipartRelated('application/dicom', parts);
  return { contentType, body: Buffer.concat(pieces) };
}

/** An API user with the team's Member role and a token of it, made through the API as a team admin would. */
async function apiToken(base, headers) {
  const call = async (route, body) => {
    const res = await fetch(`${base}/api${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const roles = await call('/api-users/roles');
  const member = roles.find((r) => r.name === 'Member') ?? roles[0];
  const user = await call('/api-users', { name: 'bench dicomweb', role_id: member.id });
  return (await call(`/api-users/${user.id}/tokens`, { name: 'bench' })).secret;
}

async function stowBench(server, sink, dicomweb, seriesFiles) {
  const sizes = { instances: 0, bytes: 0 };
  const sinkTime = { sent: 0, answered: 0 };
  const serverTime = { sent: 0, answered: 0 };
  let stored = 0;
  let failed = 0;
  for (const [k, files] of seriesFiles.entries()) {
    const { contentType, body } = await stowBody(files);
    sizes.instances += files.length;
    sizes.bytes += body.length;
    const request = { headers: { ...dicomweb, 'content-type': contentType }, body };
    const toSink = async () => {
      const r = await send(sink.url, '/dicom-web/studies', request);
      if (r.status !== 200) throw new Error(`sink: ${r.status} ${r.text}`);
      sinkTime.sent += r.sent;
      sinkTime.answered += r.answered;
    };
    // Sink and server alternate which goes first: a load that changes on a shared machine weighs on both.
    if (k % 2 === 0) await toSink();
    const r = await send(server.url, '/dicom-web/studies', request);
    if (r.status !== 200 && r.status !== 202) throw new Error(`STOW-RS: ${r.status} ${r.text}`);
    const answer = JSON.parse(r.text);
    stored += answer[REFERENCED_SOPS]?.Value?.length ?? 0;
    failed += answer[FAILED_SOPS]?.Value?.length ?? 0;
    serverTime.sent += r.sent;
    serverTime.answered += r.answered;
    if (k % 2 === 1) await toSink();
  }
  const rate = (seconds) =>
    `${(sizes.instances / seconds).toFixed(1)} instances/s, ${(sizes.bytes / MB / seconds).toFixed(1)} MB/s`;
  console.log(
    `STOW-RS of ${sizes.instances} instances (${(sizes.bytes / MB).toFixed(0)} MB) in ` +
      `${seriesFiles.length} requests of up to ${SERIES_SIZE}; stored ${stored}, failed ${failed}; load ${load()}`,
  );
  console.log(
    `  discard sink (body held, parts split, dropped): ${rate(sinkTime.answered)} ` +
      `(${sinkTime.answered.toFixed(1)} s; bytes sent in ${sinkTime.sent.toFixed(2)} s)`,
  );
  console.log(
    `  server (stored, de-identified, converted, answered): ${rate(serverTime.answered)} ` +
      `(${serverTime.answered.toFixed(1)} s until the answers; bytes sent in ${serverTime.sent.toFixed(2)} s, ` +
      `${rate(serverTime.sent)})`,
  );
  console.log(
    `  ratio server/sink: ${(sinkTime.answered / serverTime.answered).toFixed(2)} until the answer, ` +
      `${(sinkTime.sent / serverTime.sent).toFixed(2)} for the bytes sent (aim >= 0.8; Orthanc 0.24)`,
  );
}

async function qidoBench(server, dicomweb, session) {
  const get = async (route, headers) => {
    const res = await fetch(`${server.url}${route}`, { headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const reference = () => get('/api/user', session);
  const scenarios = [
    ['PatientName=NAME42*&limit=25', '/dicom-web/studies?PatientName=NAME42*&limit=25'],
    ['StudyDate=20000201-20000229&limit=25', '/dicom-web/studies?StudyDate=20000201-20000229&limit=25'],
  ];
  for (const [name, route] of scenarios) {
    const found = await get(route, dicomweb);
    const latencies = { reference: [], scenario: [] };
    const requests = { reference, scenario: () => get(route, dicomweb) };
    for (const request of Object.values(requests)) await request(); // warm-up
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [which, request] of Object.entries(requests))
        for (let i = 0; i < BLOCK; i += 1) {
          const started = performance.now();
          await request();
          latencies[which].push(performance.now() - started);
        }
    const s = stats(latencies.scenario);
    const r = stats(latencies.reference);
    console.log(
      `  ${name} (${found.length} results): median ${ms(s.median)}, p95 ${ms(s.p95)}; ` +
        `GET /api/user median ${ms(r.median)}, p95 ${ms(r.p95)}; ` +
        `${(s.median / r.median).toFixed(1)}x median, ${(s.p95 / r.p95).toFixed(1)}x p95`,
    );
  }
}

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-dicomweb-'));
  const deadline = setTimeout(() => {
    console.error(`bench/dicomweb: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  let server;
  let sink;
  try {
    const seriesFiles = [];
    for (let from = 0; from < INSTANCES; from += SERIES_SIZE) {
      const dir = path.join(temp, 'series', String(seriesFiles.length));
      await mkdir(dir, { recursive: true });
      const count = Math.min(SERIES_SIZE, INSTANCES - from);
      seriesFiles.push(await writeCtSeries(testdata, dir, count, CT_SERIES_SLICES, { newStudy: true }));
    }
    const seedModule = pathToFileURL(path.join(here, 'lib/dicomweb-seed.mjs')).href;
    server = await startServer(path.join(temp, 'data'), { BENCH_SEED: seedModule });
    sink = await startProcess('sink');
    const { seeded } = server;
    console.log(
      `bench/dicomweb: server on ${server.database}; QIDO index seeded with ${seeded.studies} studies ` +
        `(${seeded.instances} instances) in ${seeded.seconds} s`,
    );
    const session = { authorization: `Bearer ${server.token}`, team: server.team };
    const dicomweb = { authorization: `Bearer ${await apiToken(server.url, session)}`, team: server.team };
    await stowBench(server, sink, dicomweb, seriesFiles);
    console.log(
      `QIDO-RS over ${seeded.studies} seeded studies and the stored ones, one client, ${ROUNDS} rounds of ` +
        `${BLOCK} requests interleaved with GET /api/user (sign-in and one row); load ${load()}`,
    );
    await qidoBench(server, dicomweb, session);
  } finally {
    clearTimeout(deadline);
    await sink?.stop();
    await server?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
