#!/usr/bin/env node
/**
 * The real server in a process of its own, for benches that measure it from another process: it opens
 * the database (BENCH_DATABASE_URL with BENCH_SCHEMA: PostgreSQL in that schema; else PGlite on disk under
 * BENCH_DATA_DIR), builds the app as `serve` does, makes a user with a token and a team, listens on a
 * free loopback port and prints one JSON line `{url, token, team}`. SIGTERM stops it.
 */
/* global fetch -- Node's own fetch (undici) */
import path from 'node:path';
// Started through tsx by the benches, so the server's TypeScript imports here.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createUser } from '../../apps/server/src/modules/accounts/service.ts';
import { issueToken } from '../../apps/server/src/modules/accounts/sessions.ts';
import { openDb } from '../../apps/server/src/platform/db/index.ts';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
const databaseUrl = process.env.BENCH_DATABASE_URL;
const schema = process.env.BENCH_SCHEMA;

const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BASE_DOMAIN: 'bench.test',
  WEB_DIST: path.join(dataDir, 'no-web'),
  QUEUE_PREFIX: `bench-${path.basename(dataDir)}`,
});
const db = await openDb(databaseUrl ? { databaseUrl, schema } : { dataDir: path.join(dataDir, 'pglite') });
const app = await buildApp({ config: { ...config, DATABASE_URL: databaseUrl }, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${app.server.address().port}`;

const user = await createUser(
  { db },
  { name: 'Bench', email: 'bench@example.org', password: 'bench password', verified: true },
);
const { token } = await issueToken(db, user.id, { ttlDays: 1 });
const teamRes = await fetch(`${url}/api/teams`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ title: 'Bench', slug: 'bench' }),
});
if (teamRes.status !== 201) throw new Error(`team: ${teamRes.status} ${await teamRes.text()}`);

process.once('SIGTERM', async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
});
console.log(JSON.stringify({ url, token, team: 'bench' }));
