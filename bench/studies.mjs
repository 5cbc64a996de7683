#!/usr/bin/env node
/**
 * bench/studies: latency of the studies list (GET /api/studies-v2?page) on PostgreSQL with 100,000
 * studies and 1,000,000 series in one team, under 50 concurrent clients, as a ratio to a `SELECT 1` round
 * trip through a pool of the server's size measured the same way (50 clients) in the same run. Prints the
 * EXPLAIN (ANALYZE) plans of the list's page and count queries, as the server builds them.
 *
 *   npm run bench:studies     (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *                              BENCH_STUDIES=100000 BENCH_SERIES_PER_STUDY=10 BENCH_CLIENTS=50
 *                              BENCH_REQUESTS=20 per client and scenario)
 *
 * Everything lives in a schema of its own, made and dropped by the bench: other users of the database
 * are not touched.
 */
/* global fetch -- Node's own fetch (undici) */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { sql } from 'kysely';
import pg from 'pg';
// Run through tsx (npm run bench:studies), so the server's TypeScript imports here.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createUser } from '../apps/server/src/modules/accounts/service.ts';
import { issueToken } from '../apps/server/src/modules/accounts/sessions.ts';
import { studiesPageQueries, studyExtrasQuery } from '../apps/server/src/modules/studies/list.ts';
import { openDb } from '../apps/server/src/platform/db/index.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STUDIES = Number(process.env.BENCH_STUDIES ?? 100_000);
const SERIES_PER_STUDY = Number(process.env.BENCH_SERIES_PER_STUDY ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const BATCHES = 1000;
const LABELS = 20;
const TIME_LIMIT_MS = 900_000;
/** The server's own pool size (platform/db), so the reference queues the way the server does. */
const POOL_SIZE = 10;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};
const ms = (v) => `${v.toFixed(2)} ms`;

/** CLIENTS loops, each running `once` REQUESTS times one after another; every latency, in ms. */
async function underLoad(once) {
  const latencies = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < REQUESTS; i += 1) {
        const started = performance.now();
        await once(client, i);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return stats(latencies);
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
  let app;
  let db;
  const reference = new pg.Pool({
    connectionString: DATABASE_URL,
    max: POOL_SIZE,
    options: `-c search_path=${schema}`,
  });
  try {
    db = await openDb({ databaseUrl: DATABASE_URL, schema });
    const config = loadConfig({
      DATA_DIR: path.join(temp, 'data'),
      LOG_LEVEL: 'silent',
      BASE_DOMAIN: 'bench.test',
      WEB_DIST: path.join(temp, 'no-web'),
      QUEUE_PREFIX: `bench-studies-${schema}`,
    });
    app = await buildApp({
      config: { ...config, DATABASE_URL },
      db,
      mailer: { send: async () => undefined },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${app.server.address().port}/api`;
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
    const lastPage = Math.ceil(STUDIES / 15);

    const plans = [
      ['page 1', { page: 1 }],
      ['upload batch, page 1', { page: 1, bupload_id: batch.id }],
      ['label, page 1', { page: 1, filter_id: label.id }],
      [`last page (${lastPage})`, { page: lastPage }],
    ];
    let seqScans = 0;
    for (const [name, filter] of plans) {
      const queries = studiesPageQueries(db, teamId, filter);
      for (const [part, query] of [
        ['rows', queries.page],
        ['count', queries.count],
      ]) {
        const plan = await explain(reference, query.compile());
        // A sequential scan of a big table; the one-row-per-team count table may be read either way.
        if (/Seq Scan on (studies|series|study_labels|labels|upload_sessions)\b/.test(plan)) seqScans += 1;
        console.log(`\nEXPLAIN ${name}, ${part}:\n${plan}`);
      }
    }
    const firstPage = await studiesPageQueries(db, teamId, { page: 1 }).page.execute();
    const extras = await explain(
      reference,
      studyExtrasQuery(
        teamId,
        firstPage.map((s) => s.id),
      ).compile(db),
    );
    if (/Seq Scan on (studies|series|study_labels)\b/.test(extras)) seqScans += 1;
    console.log(`\nEXPLAIN page 1, labels + slideshow + series count of its rows:\n${extras}`);
    console.log(`\nsequential scans of the big tables in the plans: ${seqScans}`);

    const get = async (url, expectStatus = 200) => {
      const res = await fetch(`${api}${url}`, { headers });
      await res.arrayBuffer();
      if (res.status !== expectStatus) throw new Error(`${url}: ${res.status}`);
    };
    // Warm-up: connections, JIT, caches.
    await underLoad(() => reference.query('SELECT 1'));
    await underLoad(() => get('/studies-v2?page=1'));
    await underLoad(() => get('/label'));

    const select1 = await underLoad(() => reference.query('SELECT 1'));
    const scenarios = [
      ['GET /label (auth + one small query)', () => get('/label')],
      ['GET /studies-v2?page=1', () => get('/studies-v2?page=1')],
      [
        'GET /studies-v2?page=1..100 (random)',
        () => get(`/studies-v2?page=${1 + Math.floor(Math.random() * 100)}`),
      ],
      ['GET /studies-v2?page=1&bupload_id', () => get(`/studies-v2?page=1&bupload_id=${batch.id}`)],
      ['GET /studies-v2?page=1&filter_id (label)', () => get(`/studies-v2?page=1&filter_id=${label.id}`)],
      [`GET /studies-v2?page=${lastPage} (last)`, () => get(`/studies-v2?page=${lastPage}`)],
    ];
    console.log(`\n${CLIENTS} concurrent clients, ${REQUESTS} requests each; server pool ${POOL_SIZE}`);
    console.log(
      `SELECT 1 round trip (pool of ${POOL_SIZE}): median ${ms(select1.median)}, p95 ${ms(select1.p95)}`,
    );
    // GET /label is the floor of any team call here (HTTP, sign-in and team lookups, one small query):
    // the second ratio is what the list adds to it.
    let floor = null;
    for (const [name, once] of scenarios) {
      const started = performance.now();
      const result = await underLoad(once);
      const seconds = (performance.now() - started) / 1000;
      floor ??= result;
      console.log(
        `${name}: median ${ms(result.median)} (${(result.median / select1.median).toFixed(1)}x SELECT 1, ` +
          `${(result.median / floor.median).toFixed(2)}x GET /label), p95 ${ms(result.p95)} ` +
          `(${(result.p95 / select1.p95).toFixed(1)}x SELECT 1), ${((CLIENTS * REQUESTS) / seconds).toFixed(0)} req/s`,
      );
    }
  } finally {
    clearTimeout(deadline);
    await app?.close();
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
