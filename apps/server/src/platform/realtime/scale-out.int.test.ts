import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SOCKET_PATH, type Notification, type NotificationsAllUpdated } from '@voxa/contracts';
import { io, type Socket } from 'socket.io-client';
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

/**
 * A load balancer without sticky sessions, at TCP level: each connection goes to the next of `ports` in
 * turn, or the one after when that one refuses. Answers its port and the port each connection reached.
 */
async function roundRobin(ports: number[]): Promise<{ port: number; reached: number[]; close(): void }> {
  const reached: number[] = [];
  let next = 0;
  const forward = (client: net.Socket, tries: number) => {
    const port = ports[next++ % ports.length] ?? 0;
    const upstream = net.connect(port, '127.0.0.1');
    upstream.once('connect', () => {
      reached.push(port);
      client.pipe(upstream).pipe(client);
    });
    upstream.once('error', () => (tries > 1 ? forward(client, tries - 1) : client.destroy()));
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.destroy());
  };
  const server = net.createServer((client) => {
    client.pause();
    client.on('error', () => undefined);
    forward(client, ports.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    reached,
    close: () => server.close(),
  };
}

const portOf = (url: string) => Number(new URL(url).port);

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

  // Last: it stops B.
  it('keeps the web client’s socket working when it reconnects to the other process', async () => {
    const user = await buildMember(a, team, 'Annotator');
    const balancer = await roundRobin([portOf(b.url), portOf(a.url)]);
    // useRealtime's options (apps/web/src/app/session/useRealtime.ts), reconnecting sooner than its defaults.
    const socket = io(`http://127.0.0.1:${balancer.port}`, {
      path: SOCKET_PATH,
      auth: { token: user.token },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    try {
      let connects = 0;
      socket.on('connect', () => (connects += 1));
      const created = collect<Notification>(socket, 'notification:created');
      await eventually(() => connects === 1);
      expect(balancer.reached).toEqual([portOf(b.url)]);
      // B ends on SIGTERM with the socket open (dropped, not waited for), and the client goes to A.
      expect(await b.stop()).toBe(0);
      await eventually(() => connects === 2);
      expect(balancer.reached.at(-1)).toBe(portOf(a.url));
      const n = await notify(a.app.deps, {
        teamId: team.id,
        userId: user.id,
        typeCode: 'upload.conversion.error',
      });
      await eventually(() => created.length > 0);
      expect(created).toEqual([n]);
    } finally {
      balancer.close();
    }
  });
});
