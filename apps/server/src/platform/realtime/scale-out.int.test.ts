import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Notification, NotificationsAllUpdated } from '@voxa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { startServer, type ServeProcess } from '../../../test/serve-process';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notify } from '../../modules/notifications/notify';

/**
 * Scale-out (issue 14, item 4): two server processes on one PostgreSQL and one Redis. Process A is this
 * test's server (createTestApp), process B a spawned `main.ts serve` on A's database schema and with A's
 * QUEUE_PREFIX (one deployment); sockets connect to B only, notifications are raised and marked through A.
 *
 * Where it runs: it needs Redis (REDIS_URL) and PostgreSQL (DATABASE_URL), so only in the
 * integration:postgres project. An embedded database (PGlite) is one process's: two processes cannot
 * share it, so the integration:pglite project skips this file (the same run's postgres project runs it).
 * Without Redis or PostgreSQL it is skipped outside CI and fails with CI=true, where both are expected.
 */
const isCI = process.env.CI === 'true' || process.env.CI === '1';

function skipReason(): string | null {
  const missing = [!process.env.REDIS_URL && 'REDIS_URL', !process.env.DATABASE_URL && 'DATABASE_URL'].filter(
    Boolean,
  );
  if (missing.length) {
    const reason = `two processes need Redis and PostgreSQL: ${missing.join(' and ')} not set`;
    if (isCI) throw new Error(`CI=true but ${reason}`);
    console.warn(`${reason}: scale-out test skipped`);
    return reason;
  }
  return process.env.TEST_DB === 'postgres' ? null : 'an embedded database cannot be shared by two processes';
}

/** A's PostgreSQL URL with A's schema as the search path: what another process of A's deployment opens. */
function urlOfSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

describe.skipIf(skipReason())('two server processes sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: ServeProcess;
  let bData: string;
  let owner: TestUser;
  let team: TestTeam;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp();
    const { databaseUrl, schema } = a.dbLocation;
    if (!databaseUrl || !schema || !a.config.REDIS_URL) throw new Error('A runs without PostgreSQL or Redis');
    bData = await mkdtemp(path.join(os.tmpdir(), 'voxa-process-b-'));
    b = await startServer(bData, {
      DATABASE_URL: urlOfSchema(databaseUrl, schema),
      REDIS_URL: a.config.REDIS_URL,
      QUEUE_PREFIX: a.config.QUEUE_PREFIX,
    });
    owner = await buildUser(a);
    team = await buildTeam(a, owner);
  }, 200_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b?.stop();
    await a?.close();
    if (bData) await rm(bData, { recursive: true, force: true });
  });

  const onB = async (user: TestUser) => {
    const socket = await connectSocket(b, user.token);
    sockets.push(socket);
    return socket;
  };

  it('delivers a notification created through A to the user’s socket on B, and only theirs', async () => {
    const user = await buildMember(a, team, 'Annotator');
    const other = await buildMember(a, team, 'Annotator');
    const [mine, theirs] = await Promise.all([onB(user), onB(other)]);
    const created = collect<Notification>(mine, 'notification:created');
    const stray = collect<Notification>(theirs, 'notification:created');
    const n = await notify(a.app.deps, {
      teamId: team.id,
      userId: user.id,
      typeCode: 'upload.conversion.error',
      section: 'uploads',
      url: '/studies-v2',
      description: 'CT thorax',
    });
    await eventually(() => created.length > 0);
    expect(created).toEqual([n]);
    expect(stray).toEqual([]);
  });

  it('delivers notification:updated:all from PUT /notification/update-all on A to the socket on B', async () => {
    const user = await buildMember(a, team, 'Annotator');
    const socket = await onB(user);
    const all = collect<NotificationsAllUpdated>(socket, 'notification:updated:all');
    await notify(a.app.deps, { teamId: team.id, userId: user.id, typeCode: 'upload.conversion.error' });
    const marked = await a.call('PUT', '/notification/update-all', {
      token: user.token,
      team: team.slug,
      body: { is_seen: 1 },
    });
    expect(marked.body).toEqual({ updated: 1 });
    await eventually(() => all.length > 0);
    expect(all).toEqual([{ team_id: team.id, is_seen: 1 }]);
  });
});
