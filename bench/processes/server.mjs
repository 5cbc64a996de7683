#!/usr/bin/env node
/**
 * The real server in a process of its own, for benches that measure it from another process: it opens
 * the database (BENCH_DATABASE_URL with BENCH_SCHEMA: PostgreSQL in that schema; else PGlite on disk under
 * BENCH_DATA_DIR), builds the app as `serve` does, makes a user with a token and a team, listens on a
 * free loopback port and prints one JSON line `{url, token, team}`. SIGTERM stops it.
 *
 * With BENCH_USERS=n it also makes n more users with a token each (rows written directly, the bench
 * user's password hash shared: hashing n passwords is set-up, not what a bench measures) and adds their
 * `users: [{id, token}]` to the line. Each stdin line `{"notify": userId}` then runs the product's
 * `notify` in this process (a notification in the bench team) and answers one line `{id, t0, emitted}`:
 * the monotonic clock (`process.hrtime.bigint()`, ns, the same clock in every process here) before the
 * call and when it handed the event to socket.io (the id reserved, the row stored after). Each stdin line
 * `{"select1": true}` runs one `SELECT 1` on the server's own database and answers `{ms}`, timed here.
 *
 * With BENCH_SEED=module it runs that module's `seed(db, {teamId, userId})` on the server's own database
 * before it answers (PGlite on disk admits one process only) and adds its result as `seeded`.
 */
/* global fetch -- Node's own fetch (undici) */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
// Started through tsx by the benches, so the server's TypeScript imports here.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createUser } from '../../apps/server/src/modules/accounts/service.ts';
import { issueToken } from '../../apps/server/src/modules/accounts/sessions.ts';
import { notify } from '../../apps/server/src/modules/notifications/notify.ts';
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
const { id: teamId } = await teamRes.json();

const seeded = process.env.BENCH_SEED
  ? await (await import(process.env.BENCH_SEED)).seed(db, { teamId, userId: user.id })
  : undefined;

const users = [];
const count = Number(process.env.BENCH_USERS ?? 0);
for (let from = 0; from < count; from += 500) {
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
        name: `Bench ${from + i}`,
        email: `bench-${from + i}@example.org`,
        password_hash: user.password_hash,
        data: JSON.stringify(user.data),
        email_verified_at: new Date(),
      })),
    )
    .returning('id')
    .execute();
  for (const { id } of rows) users.push({ id, token: (await issueToken(db, id, { ttlDays: 1 })).token });
}
// The product's realtime, stamping the moment notify hands it the event.
let emitted = 0n;
const { realtime } = app.deps;
const deps = {
  ...app.deps,
  realtime: {
    ...realtime,
    toUser: (...args) => {
      emitted = process.hrtime.bigint();
      realtime.toUser(...args);
    },
  },
};
/** One `SELECT 1` through the server's own database connection: ms, measured here. */
async function selectOne() {
  const t0 = performance.now();
  await sql`SELECT 1`.execute(db);
  return performance.now() - t0;
}

createInterface({ input: process.stdin }).on('line', async (line) => {
  const message = JSON.parse(line);
  if (message.select1) return console.log(JSON.stringify({ ms: await selectOne() }));
  const userId = message.notify;
  const t0 = process.hrtime.bigint();
  const n = await notify(deps, {
    teamId,
    userId,
    typeCode: 'upload.conversion.error',
    section: 'uploads',
    url: '/studies-v2',
    description: 'Bench CT',
  });
  console.log(JSON.stringify({ id: n.id, t0: String(t0), emitted: String(emitted) }));
});

process.once('SIGTERM', async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
});
console.log(
  JSON.stringify({ url, token, team: 'bench', ...(count && { users }), ...(seeded && { seeded }) }),
);
