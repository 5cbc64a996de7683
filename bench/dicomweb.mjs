#!/usr/bin/env node
/**
 * bench/dicomweb: the DICOMweb service of a team, from another process, with an API user's token.
 *
 *   - STOW-RS: BENCH_INSTANCES (2,000) real 512 x 512 CT slices of about 0.5 MB (bench/lib/ct-series.mjs:
 *     the GE series of dcm_qa_ct tiled along z), in series of BENCH_SERIES_SIZE (200) with a study each,
 *     one `POST /dicom-web/studies` a series, against a discard sink (bench/processes/sink.mjs) taking
 *     the same bodies over HTTP the same way (split into parts by the server's own parser as they arrive,
 *     dropped), the same sink storing them (each part written to a file and flushed, 16 at once: what
 *     the disk allows a server that answers 'stored') and an Orthanc (Debian's, with its DICOMweb plugin,
 *     `SyncStorageArea: true`, its SQLite index and storage in the bench's temp folder beside the
 *     server's data; apps/server/test/orthanc.ts starts it), the four taking turns a series at a time
 *     with the same client code and bodies. The server answers once the instances are stored and queued
 *     for conversion (decision 0066), Orthanc once they are stored and indexed. Printed apart: how long
 *     the bytes took to send, and how long until QIDO-RS finds every instance answered (on the server:
 *     converted, de-identified, indexed; on Orthanc the same `GET /dicom-web/studies?StudyInstanceUID=`),
 *     with the ratios server/Orthanc and the load average.
 *   - QIDO-RS: BENCH_STUDIES (100,000) studies indexed (rows written in SQL on the server's database by
 *     bench/lib/dicomweb-seed.mjs), `GET /dicom-web/studies` by a patient name prefix and by a month of
 *     study dates, each in rounds interleaved with the references: `SELECT 1` on the server's own
 *     database connection (timed in the server) and `GET /api/user` (HTTP, sign-in and one row);
 *     medians and p95 beside them.
 *
 * The server runs in a process of its own (on PostgreSQL when BENCH_DATABASE_URL, default the local
 * test database, answers; PGlite on disk otherwise), each sink and Orthanc in others; the client is this
 * process. Orthanc is stopped and its folder removed at the end, also when the bench fails.
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
import { orthancInstalled, startOrthanc } from '../apps/server/test/orthanc.ts';
import { CT_SERIES_SLICES, writeCtSeries } from './lib/ct-series.mjs';
import { startProcess, startServer } from './processes/spawn.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const testdata = process.env.TESTDATA_DIR ?? path.resolve(here, '../../shared/testdata');
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2000);
const SERIES_SIZE = Number(process.env.BENCH_SERIES_SIZE ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 20);
const TIME_LIMIT_MS = 3_600_000;
const SEARCHABLE_LIMIT_MS = 1_200_000;
const MB = 1024 * 1024;
const REFERENCED_SOPS = '00081199';
const FAILED_SOPS = '00081198';
const RETRIEVE_URL = '00081190';
const NUMBER_OF_STUDY_INSTANCES = '00201208';

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

/** The studies a STOW-RS answer names, with how many of its instances each holds. */
function answeredStudies(answer, into) {
  for (const item of answer[REFERENCED_SOPS]?.Value ?? []) {
    const url = item[RETRIEVE_URL]?.Value?.[0] ?? '';
    const study = url.split('/studies/')[1]?.split('/')[0];
    if (study) into.set(study, (into.get(study) ?? 0) + 1);
  }
}

/**
 * Seconds from `since` until QIDO-RS finds every instance the answers named (each search waits, at most
 * 60 s, for the series still converting: decision 0066's read-your-writes), and how many it found; a
 * study whose conversion failed is given up at SEARCHABLE_LIMIT_MS. The same for Orthanc (`server` is
 * anything with a `url`; the same headers, which it ignores).
 */
async function untilSearchable(server, dicomweb, studies, since) {
  const deadline = performance.now() + SEARCHABLE_LIMIT_MS;
  let found = 0;
  for (const [study, count] of studies)
    for (;;) {
      const res = await fetch(`${server.url}/dicom-web/studies?StudyInstanceUID=${study}`, {
        headers: dicomweb,
      });
      const [result] = await res.json();
      const instances = result?.[NUMBER_OF_STUDY_INSTANCES]?.Value?.[0] ?? 0;
      if (instances >= count || performance.now() > deadline) {
        found += instances;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  return { seconds: (performance.now() - since) / 1000, found };
}

async function stowBench(server, sinks, orthanc, dicomweb, seriesFiles) {
  const sizes = { instances: 0, bytes: 0 };
  const sinkTime = { sent: 0, answered: 0 };
  const storingTime = { sent: 0, answered: 0 };
  // The server and Orthanc: the same tally of their answers.
  const tally = () => ({ sent: 0, answered: 0, stored: 0, failed: 0, studies: new Map() });
  const serverTime = tally();
  const orthancTime = tally();
  const started = performance.now();
  for (const [k, files] of seriesFiles.entries()) {
    const { contentType, body } = await stowBody(files);
    sizes.instances += files.length;
    sizes.bytes += body.length;
    const request = { headers: { ...dicomweb, 'content-type': contentType }, body };
    const toSink = (sink, time) => async () => {
      const r = await send(sink.url, '/dicom-web/studies', request);
      if (r.status !== 200) throw new Error(`sink: ${r.status} ${r.text}`);
      time.sent += r.sent;
      time.answered += r.answered;
    };
    const toStow = (name, target, time) => async () => {
      const r = await send(target.url, '/dicom-web/studies', request);
      if (r.status !== 200 && r.status !== 202) throw new Error(`STOW-RS to ${name}: ${r.status} ${r.text}`);
      const answer = JSON.parse(r.text);
      time.stored += answer[REFERENCED_SOPS]?.Value?.length ?? 0;
      time.failed += answer[FAILED_SOPS]?.Value?.length ?? 0;
      answeredStudies(answer, time.studies);
      time.sent += r.sent;
      time.answered += r.answered;
    };
    // The four take turns going first: a load that changes on a shared machine weighs on all.
    const turns = [
      toSink(sinks.discard, sinkTime),
      toSink(sinks.storing, storingTime),
      toStow('the server', server, serverTime),
      toStow('Orthanc', orthanc, orthancTime),
    ];
    for (let t = 0; t < turns.length; t += 1) await turns[(k + t) % turns.length]();
  }
  const answersLoad = load();
  const turnsEnd = performance.now();
  // Orthanc first: it indexes before it answers, so its search takes a moment and the server's
  // conversions go on meanwhile (the server's wait below is counted from the end of the turns).
  const orthancFound = await untilSearchable(orthanc, dicomweb, orthancTime.studies, turnsEnd);
  const orthancLoad = load();
  const searchable = await untilSearchable(server, dicomweb, serverTime.studies, turnsEnd);
  const tail = (turnsEnd - started) / 1000 + searchable.seconds;
  // Each one's own turns and its wait after them: the server's conversions also ran during the others'
  // turns, which this does not count (it favours the server).
  const serverOwn = serverTime.answered + searchable.seconds;
  const orthancOwn = orthancTime.answered + orthancFound.seconds;
  const perSecond = (seconds) => ({
    instances: sizes.instances / seconds,
    mb: sizes.bytes / MB / seconds,
  });
  const rate = (seconds) => {
    const r = perSecond(seconds);
    return `${r.instances.toFixed(1)} instances/s, ${r.mb.toFixed(1)} MB/s`;
  };
  // Ratios of rates over the same instances: the other's seconds over the server's.
  const ratio = (theirs, ours) => (theirs / ours).toFixed(2);
  console.log(
    `STOW-RS of ${sizes.instances} instances (${(sizes.bytes / MB).toFixed(0)} MB) in ` +
      `${seriesFiles.length} requests of up to ${SERIES_SIZE}; server stored ${serverTime.stored}, ` +
      `failed ${serverTime.failed}; Orthanc stored ${orthancTime.stored}, failed ${orthancTime.failed}; ` +
      `load ${answersLoad}`,
  );
  console.log(
    `  discard sink (parts split as they arrive, dropped): ${rate(sinkTime.answered)} ` +
      `(${sinkTime.answered.toFixed(1)} s; bytes sent in ${sinkTime.sent.toFixed(2)} s)`,
  );
  console.log(
    `  storing sink (parts split as they arrive, each written and flushed, 16 at once): ` +
      `${rate(storingTime.answered)} (${storingTime.answered.toFixed(1)} s)`,
  );
  console.log(
    `  server (stored, queued for conversion, answered): ${rate(serverTime.answered)} ` +
      `(${serverTime.answered.toFixed(1)} s until the answers; bytes sent in ${serverTime.sent.toFixed(2)} s)`,
  );
  console.log(
    `  Orthanc (stored with SyncStorageArea, indexed in SQLite, answered): ${rate(orthancTime.answered)} ` +
      `(${orthancTime.answered.toFixed(1)} s until the answers; bytes sent in ` +
      `${orthancTime.sent.toFixed(2)} s); load ${answersLoad}`,
  );
  console.log(
    `  ratio server/sink until the answers: ${ratio(sinkTime.answered, serverTime.answered)} ` +
      `(aim >= 0.8; Orthanc/sink ${ratio(sinkTime.answered, orthancTime.answered)} in this run); ` +
      `for the bytes sent ${ratio(sinkTime.sent, serverTime.sent)}`,
  );
  console.log(
    `  ratio server/storing sink: ${ratio(storingTime.answered, serverTime.answered)}; ` +
      `storing/discard sink: ${ratio(sinkTime.answered, storingTime.answered)} (what flushing each ` +
      'instance costs on this disk: the most a server answering once an instance is on disk reaches here, ' +
      'decision 0084)',
  );
  console.log(
    `  ratio server/Orthanc until the answers: ${ratio(orthancTime.answered, serverTime.answered)}; ` +
      `Orthanc/storing sink: ${ratio(storingTime.answered, orthancTime.answered)}`,
  );
  console.log(
    `  converted and found by QIDO-RS: ${searchable.found} of ${serverTime.stored} ${tail.toFixed(1)} s after ` +
      `the first request (${rate(tail)}, ${ratio(sinkTime.answered, tail)}x the sink; the other targets' ` +
      `turns included); ${serverOwn.toFixed(1)} s of its own turns and the ` +
      `${searchable.seconds.toFixed(1)} s after them (${rate(serverOwn)}); load ${load()}`,
  );
  console.log(
    `  Orthanc, found by QIDO-RS: ${orthancFound.found} of ${orthancTime.stored} ${orthancOwn.toFixed(1)} s ` +
      `of its own turns and the ${orthancFound.seconds.toFixed(1)} s after them (${rate(orthancOwn)}); ` +
      `load ${orthancLoad}`,
  );
  console.log(
    `  ratio server/Orthanc until found by QIDO-RS: ${ratio(orthancOwn, serverOwn)} (own turns and the ` +
      `wait after them; the server's conversions during the others' turns not counted); load ${load()}`,
  );
}

async function qidoBench(server, dicomweb, session) {
  const get = async (route, headers) => {
    const res = await fetch(`${server.url}${route}`, { headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const scenarios = [
    ['PatientName=NAME42*&limit=25', '/dicom-web/studies?PatientName=NAME42*&limit=25'],
    ['StudyDate=20000201-20000229&limit=25', '/dicom-web/studies?StudyDate=20000201-20000229&limit=25'],
  ];
  for (const [name, route] of scenarios) {
    const found = await get(route, dicomweb);
    const latencies = { scenario: [], user: [], select1: [] };
    // Each a timed request; `select1` is timed in the server, around the query alone.
    const requests = {
      scenario: () => timed(() => get(route, dicomweb)),
      user: () => timed(() => get('/api/user', session)),
      select1: async () => (await server.request({ select1: true })).ms,
    };
    for (const request of Object.values(requests)) await request(); // warm-up
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [which, request] of Object.entries(requests))
        for (let i = 0; i < BLOCK; i += 1) latencies[which].push(await request());
    const s = stats(latencies.scenario);
    const u = stats(latencies.user);
    const one = stats(latencies.select1);
    console.log(
      `  ${name} (${found.length} results): median ${ms(s.median)}, p95 ${ms(s.p95)}\n` +
        `    SELECT 1 (server's connection, timed in the server) median ${ms(one.median)}, ` +
        `p95 ${ms(one.p95)}: QIDO ${(s.median / one.median).toFixed(0)}x median, ` +
        `${(s.p95 / one.p95).toFixed(0)}x p95\n` +
        `    GET /api/user (HTTP, sign-in, one row) median ${ms(u.median)}, p95 ${ms(u.p95)}: ` +
        `QIDO ${(s.median / u.median).toFixed(1)}x median, ${(s.p95 / u.p95).toFixed(1)}x p95`,
    );
  }
}

const timed = async (request) => {
  const started = performance.now();
  await request();
  return performance.now() - started;
};

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-dicomweb-'));
  let server;
  let orthanc;
  const sinks = {};
  const deadline = setTimeout(async () => {
    console.error(`bench/dicomweb: over ${TIME_LIMIT_MS / 1000} s, stopping`);
    // Orthanc is no child that ends with this process's stdin, and its folder would stay.
    await orthanc?.stop().catch(() => undefined);
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    process.exit(1);
  }, TIME_LIMIT_MS);
  try {
    if (!orthancInstalled())
      throw new Error('bench/dicomweb needs Orthanc: apt-get install -y orthanc orthanc-dicomweb');
    const seriesFiles = [];
    for (let from = 0; from < INSTANCES; from += SERIES_SIZE) {
      const dir = path.join(temp, 'series', String(seriesFiles.length));
      await mkdir(dir, { recursive: true });
      const count = Math.min(SERIES_SIZE, INSTANCES - from);
      seriesFiles.push(await writeCtSeries(testdata, dir, count, CT_SERIES_SLICES, { newStudy: true }));
    }
    const seedModule = pathToFileURL(path.join(here, 'lib/dicomweb-seed.mjs')).href;
    server = await startServer(path.join(temp, 'data'), { BENCH_SEED: seedModule });
    sinks.discard = await startProcess('sink');
    sinks.storing = await startProcess('sink', { BENCH_SINK_DIR: await mkdtemp(path.join(temp, 'sink-')) });
    // Its storage and SQLite index in the same temp folder as the server's data: the same disk. No
    // DICOM port (STOW-RS only); its HTTP port refuses all but 127.0.0.1, no authentication.
    orthanc = await startOrthanc(
      {},
      { parent: temp, config: { SyncStorageArea: true, DicomServerEnabled: false } },
    );
    const { body: system } = await orthanc.call('GET', '/system');
    const { body: plugin } = await orthanc.call('GET', '/plugins/dicom-web');
    const { seeded } = server;
    console.log(
      `bench/dicomweb: server on ${server.database}; QIDO index seeded with ${seeded.studies} studies ` +
        `(${seeded.instances} instances) in ${seeded.seconds} s; Orthanc ${system.Version} ` +
        `(DICOMweb plugin ${plugin.Version}, SQLite index)`,
    );
    const session = { authorization: `Bearer ${server.token}`, team: server.team };
    const dicomweb = { authorization: `Bearer ${await apiToken(server.url, session)}`, team: server.team };
    await stowBench(server, sinks, orthanc, dicomweb, seriesFiles);
    console.log(
      `QIDO-RS over ${seeded.studies} seeded studies and the stored ones, one client, ${ROUNDS} rounds of ` +
        `${BLOCK} requests interleaved with SELECT 1 and GET /api/user; load ${load()}`,
    );
    await qidoBench(server, dicomweb, session);
  } finally {
    clearTimeout(deadline);
    // Each stopped even when another's stop fails: Orthanc must not outlive the bench.
    await Promise.allSettled([
      ...Object.values(sinks).map((sink) => sink.stop()),
      orthanc?.stop(),
      server?.stop(),
    ]);
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
