#!/usr/bin/env node
/**
 * bench/studies: latency of the studies list (GET /api/studies-v2?page) on PostgreSQL with 100,000
 * studies and 1,000,000 series in one team, under 50 concurrent clients. The server runs in a process of
 * its own (bench/studies-server.mjs); the clients run here. Each scenario is measured in rounds
 * interleaved with its references, so both see the same machine load:
 *
 *   - the reference: GET /api/bench/select-1, a bench-only endpoint of the same server that runs
 *     `SELECT 1` through the stack of every team call (sign-in and team lookup, scope and permission
 *     check, zod-serialised JSON); the aim (p95 <= 5x) is against it;
 *   - raw `SELECT 1` through a pg pool of the server's size, from this process (printed for comparison:
 *     it leaves HTTP and the server's event loop out).
 *
 * Also prints the EXPLAIN (ANALYZE) plans of the list's page and count queries, as the server builds them.
 *
 *   npm run bench:studies     (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *                              BENCH_STUDIES=100000 BENCH_SERIES_PER_STUDY=10 BENCH_CLIENTS=50
 *                              BENCH_ROUNDS=5 BENCH_BLOCK=4 requests per client in a round;
 *                              BENCH_CPU_PROF=dir writes the server's CPU profile there)
 *
 * Everything lives in a schema of its own, made and dropped by the bench: other users of the database
 * are not touched.
 */
/* global fetch -- Node's own fetch (undici) */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL, fileURLToPath } from 'node:url';
import { STUDIES_PAGE_SIZE } from '@voxa/contracts';
import { sql } from 'kysely';
import pg from 'pg';
// Run through tsx (npm run bench:studies), so the server's TypeScript imports here.
import { createUser } from '../apps/server/src/modules/accounts/service.ts';
import { issueToken } from '../apps/server/src/modules/accounts/sessions.ts';
import { studiesCountQuery, studiesPageQuery } from '../apps/server/src/modules/studies/list.ts';
import { pageWindow } from '../apps/server/src/modules/studies/page-window.ts';
import { openDb } from '../apps/server/src/platform/db/index.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STUDIES = Number(process.env.BENCH_STUDIES ?? 100_000);
const SERIES_PER_STUDY = Number(process.env.BENCH_SERIES_PER_STUDY ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 4);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const BATCHES = 1000;
const LABELS = 20;
const TIME_LIMIT_MS = 900_000;
/** The server's own pool size (platform/db), so the raw reference queues the way the server does. */
const POOL_SIZE = 10;

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

/** CLIENTS loops, each running `request` BLOCK times one after another; their latencies (ms) pushed. */
async function block(request, latencies) {
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < BLOCK; i += 1) {
        const started = performance.now();
        await request();
        latencies.push(performance.now() - started);
      }
    }),
  );
}

/** ROUNDS rounds of one block of each named request in turn; every latency of each, in ms. */
async function interleaved(requests) {
  const latencies = Object.fromEntries(Object.keys(requests).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [name, request] of Object.entries(requests)) await block(request, latencies[name]);
  return Object.fromEntries(Object.entries(latencies).map(([name, values]) => [name, stats(values)]));
}

/** Forks bench/studies-server.mjs on the schema; resolves once it listens, with its port and a stop. */
async function startServer(schema, temp) {
  const child = fork(fileURLToPath(new URL('./studies-server.mjs', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL, BENCH_SCHEMA: schema, BENCH_TEMP: temp },
  });
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`server exited (${code})`))),
  ]);
  return {
    port: message.port,
    stop: async () => {
      child.send('stop');
      await once(child, 'exit');
    },
  };
}

/** The data: batches, studies (newest first by created_at), series, labels; in bulk, in SQL. */
async function seed(db, teamId, userId) {
  const started = performance.now();
  await sql`INSERT INTO upload_sessions (uuid, team_id, user_id, created_at)
    SELECT gen_random_uuid()::text, ${teamId}, ${userId}, now() - make_interval(hours => i)
    FROM generate_series(1, ${BATCHES}) i`.execute(db);
  await sql`INSERT INTO studies (team_id, user_id, upload_id, study_uid, original_uid_hash, status,
      has_series, data, created_at, updated_at)
    SELECT ${teamId}, ${userId}, b.first + (i % ${BATCHES}), '2.25.' || i, md5(i::text), 'converted', true,
      jsonb_build_object('patientName', 'ANON-' || lpad(i::text, 10, '0'), 'modality', 'CT'),
      now() - make_interval(secs => i), now()
    FROM generate_series(1, ${STUDIES}) i,
      (SELECT min(id) AS first FROM upload_sessions WHERE team_id = ${teamId}) b`.execute(db);
  await sql`INSERT INTO series (study_id, team_id, upload_id, series_uid, series_number, modality_code,
      acquisition_code, score, ref_serie, sort, status, data)
    SELECT s.id, ${teamId}, s.upload_id, s.study_uid || '.' || k, k, 'CT',
      CASE WHEN k <= 3 THEN 'AR' ELSE 'PV' END, 0.5, k = 2, k, 'done',
      CASE WHEN k <= 2 THEN '{"slideshow": 5, "slideshowVersion": "b"}'::jsonb
           ELSE '{"nifti": ["x-001.nii"]}'::jsonb END
    FROM studies s CROSS JOIN generate_series(1, ${SERIES_PER_STUDY}) k
    WHERE s.team_id = ${teamId}`.execute(db);
  await sql`INSERT INTO labels (team_id, name)
    SELECT ${teamId}, 'Label ' || j FROM generate_series(1, ${LABELS}) j`.execute(db);
  await sql`INSERT INTO study_labels (study_id, label_id, team_id)
    SELECT s.id, l.id, ${teamId} FROM studies s
    JOIN labels l ON l.team_id = ${teamId} AND (l.id % ${LABELS} = s.id % ${LABELS}
      OR l.id % ${LABELS} = (s.id * 7) % ${LABELS})
    WHERE s.team_id = ${teamId}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const counts = await sql`SELECT (SELECT count(*) FROM studies) AS studies,
    (SELECT count(*) FROM series) AS series, (SELECT count(*) FROM study_labels) AS study_labels`.execute(db);
  return { seconds: (performance.now() - started) / 1000, ...counts.rows[0] };
}

/** EXPLAIN (ANALYZE, BUFFERS) of a compiled Kysely query, run on the bench schema. */
async function explain(pool, compiled) {
  const { sql: text, parameters } = compiled;
  const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, parameters);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function main() {
  const schema = `bench_studies_${randomBytes(4).toString('hex')}`;
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-studies-'));
  const deadline = setTimeout(() => {
    console.error(`bench/studies: over ${TIME_LIMIT_MS / 1000} s, stopping (schema ${schema} left behind)`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  let server;
  let db;
  const reference = new pg.Pool({
    connectionString: DATABASE_URL,
    max: POOL_SIZE,
    options: `-c search_path=${schema}`,
  });
  try {
    db = await openDb({ databaseUrl: DATABASE_URL, schema });
    server = await startServer(schema, temp);
    const api = `http://127.0.0.1:${server.port}/api`;
    const user = await createUser(
      { db },
      { name: 'Bench', email: 'bench@example.org', password: 'bench password', verified: true },
    );
    const { token } = await issueToken(db, user.id, { ttlDays: 1 });
    const headers = { authorization: `Bearer ${token}`, team: 'bench' };
    const teamRes = await fetch(`${api}/teams`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench', slug: 'bench' }),
    });
    if (teamRes.status !== 201) throw new Error(`team: ${teamRes.status} ${await teamRes.text()}`);
    const teamId = (await teamRes.json()).id;

    console.log(`bench/studies: PostgreSQL, schema ${schema}, seeding ${STUDIES} studies …`);
    const seeded = await seed(db, teamId, user.id);
    console.log(
      `seeded ${seeded.studies} studies, ${seeded.series} series, ${seeded.study_labels} study labels ` +
        `in ${seeded.seconds.toFixed(0)} s`,
    );
    const batch = await db.selectFrom('upload_sessions').select('id').orderBy('id').executeTakeFirstOrThrow();
    const label = await db.selectFrom('labels').select('id').orderBy('id').executeTakeFirstOrThrow();
    const lastPage = Math.ceil(STUDIES / STUDIES_PAGE_SIZE);

    const plans = [
      ['page 1', { page: 1 }],
      ['upload batch, page 1', { page: 1, bupload_id: batch.id }],
      ['label, page 1', { page: 1, filter_id: label.id }],
      ['page 100', { page: 100 }],
      [`last page (${lastPage})`, { page: lastPage }],
    ];
    let seqScans = 0;
    for (const [name, filter] of plans) {
      // As listStudies runs them: the first page alone, another after the count it is placed by.
      const queries = [];
      let window = { fromEnd: false, offset: 0, limit: STUDIES_PAGE_SIZE };
      if (filter.page > 1) {
        const count = studiesCountQuery(db, teamId, filter);
        queries.push(['count', count]);
        window = pageWindow(filter.page, STUDIES_PAGE_SIZE, Number((await count.executeTakeFirst()).n));
      }
      queries.push(['rows, extras and total', studiesPageQuery(db, teamId, filter, window)]);
      for (const [part, query] of queries) {
        const plan = await explain(reference, query.compile());
        // A sequential scan of a big table; the count table (a row a team) and the team's 20 labels may be
        // read whole.
        if (/Seq Scan on (studies|series|study_labels|upload_sessions)\b/.test(plan)) seqScans += 1;
        console.log(`\nEXPLAIN ${name}, ${part}:\n${plan}`);
      }
    }
    console.log(`\nsequential scans of the big tables in the plans: ${seqScans}`);

    const get = async (url) => {
      const res = await fetch(`${api}${url}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    };
    const references = {
      http: () => get('/bench/select-1'),
      sql: () => reference.query('SELECT 1'),
    };
    const scenarios = [
      ['GET /label', () => get('/label')],
      ['GET /studies-v2?page=1', () => get('/studies-v2?page=1')],
      ['page=1..100 (random)', () => get(`/studies-v2?page=${1 + Math.floor(Math.random() * 100)}`)],
      ['page=1&bupload_id', () => get(`/studies-v2?page=1&bupload_id=${batch.id}`)],
      ['page=1&filter_id (label)', () => get(`/studies-v2?page=1&filter_id=${label.id}`)],
      [`page=${lastPage} (last)`, () => get(`/studies-v2?page=${lastPage}`)],
    ];
    // Warm-up: connections, JIT, caches.
    for (const request of [...Object.values(references), ...scenarios.map(([, r]) => r)])
      await block(request, []);

    console.log(
      `\n${CLIENTS} concurrent clients in this process, server in its own (pool ${POOL_SIZE}); ` +
        `${ROUNDS} rounds x ${BLOCK} requests a client, interleaved with the references; load ${load()}`,
    );
    console.log('reference: GET /api/bench/select-1 (SELECT 1 through auth, team lookup, JSON)');
    for (const [name, request] of scenarios) {
      const started = performance.now();
      const result = await interleaved({ ...references, scenario: request });
      const seconds = (performance.now() - started) / 1000;
      const { http, sql: raw, scenario } = result;
      console.log(
        `${name}: median ${ms(scenario.median)}, p95 ${ms(scenario.p95)}; ` +
          `reference median ${ms(http.median)}, p95 ${ms(http.p95)}; ` +
          `p95 ${(scenario.p95 / http.p95).toFixed(2)}x, median ${(scenario.median / http.median).toFixed(2)}x ` +
          `the reference; raw SELECT 1 p95 ${ms(raw.p95)} (${(scenario.p95 / raw.p95).toFixed(0)}x); ` +
          `${((ROUNDS * 3 * CLIENTS * BLOCK) / seconds).toFixed(0)} req/s all told`,
      );
    }
    console.log(`load average at the end: ${load()}`);
  } finally {
    clearTimeout(deadline);
    await server?.stop();
    await db?.destroy();
    await reference.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await reference.end();
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
