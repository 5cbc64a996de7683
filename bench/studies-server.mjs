/**
 * The server of bench/studies, in a process of its own (bench/studies.mjs forks it and generates the load
 * from its own process). It runs the product's app in the `api` role on the bench's schema, plus one
 * bench-only endpoint, GET /api/bench/select-1: the reference the list is measured against. That endpoint
 * goes through the same stack as every team call (the same `onRequest` sign-in and team lookup, the
 * contract's scope and permission check, zod serialisation of a JSON answer) and runs `SELECT 1` as its
 * one query, so list/reference is what the list itself costs on top of the floor of any API request.
 *
 * Talks to its parent over IPC: sends { port } once listening, closes and exits on 'stop' (so that
 * `--cpu-prof` can write its profile).
 */
import path from 'node:path';
import { endpoint } from '@voxa/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
// Run through tsx (the parent forks with --import tsx), so the server's TypeScript imports here.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildContext } from '../apps/server/src/http/authenticate.ts';
import { route } from '../apps/server/src/http/route.ts';
import { openDb } from '../apps/server/src/platform/db/index.ts';

const { BENCH_DATABASE_URL: DATABASE_URL, BENCH_SCHEMA: schema, BENCH_TEMP: temp } = process.env;

const selectOne = endpoint({
  method: 'GET',
  path: '/bench/select-1',
  scope: 'team',
  permissions: ['r:studies'],
  summary: 'bench/studies reference: SELECT 1 through the stack of a team call',
  response: z.object({ one: z.number().int() }),
});

const db = await openDb({ databaseUrl: DATABASE_URL, schema });
const config = loadConfig({
  DATA_DIR: path.join(temp, 'data'),
  LOG_LEVEL: 'silent',
  BASE_DOMAIN: 'bench.test',
  WEB_DIST: path.join(temp, 'no-web'),
  QUEUE_PREFIX: `bench-studies-${schema}`,
});
const app = await buildApp({
  config: { ...config, DATABASE_URL },
  db,
  mailer: { send: async () => undefined },
  workers: false,
});
await app.register(
  async (api) => {
    // The same hook as the app's /api scope (app.ts `identify`), maintenance mode aside.
    api.addHook('onRequest', async (req) => {
      req.ctx = await buildContext(req, db, config);
    });
    route(api, selectOne, async () => {
      const { rows } = await sql`SELECT 1 AS one`.execute(db);
      return { one: rows[0].one };
    });
  },
  { prefix: '/api' },
);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await db.destroy();
  process.exit(0);
});
