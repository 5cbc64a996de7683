import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SOCKET_PATH } from '@voxa/contracts';
import { attachRealtime } from '.';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(token: string | undefined): Socket {
  const socket = io(t.url, {
    path: SOCKET_PATH,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    const socket = connect('not-a-token');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('Unauthenticated.');
  });

  it('delivers permission:updated to the user it is meant for, and only to them', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const aliceSocket = connect(alice.token);
    const bobSocket = connect(bob.token);
    await Promise.all(
      [aliceSocket, bobSocket].map((s) => new Promise((r) => s.on('connect', () => r(null)))),
    );
    const bobGot: unknown[] = [];
    bobSocket.on('permission:updated', (p) => bobGot.push(p));
    const received = new Promise((resolve) => aliceSocket.on('permission:updated', resolve));
    // Services emit through the app's Realtime adapter; call it the way a service does.
    t.app.deps.realtime.toUser(alice.id, 'permission:updated', { permission_version: 7 });
    expect(await received).toEqual({ permission_version: 7 });
    expect(bobGot).toEqual([]);
  });

  it('emits to one socket only when it belongs to the user named (toSocket)', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const aliceSocket = connect(alice.token);
    const other = connect(alice.token);
    await Promise.all([aliceSocket, other].map((s) => new Promise((r) => s.on('connect', () => r(null)))));
    const got: unknown[] = [];
    const otherGot: unknown[] = [];
    aliceSocket.on('permission:updated', (p) => got.push(p));
    other.on('permission:updated', (p) => otherGot.push(p));
    const id = aliceSocket.id ?? '';
    const realtime = t.app.deps.realtime;
    expect(await realtime.toSocket(id, bob.id, 'permission:updated', { permission_version: 1 })).toBe(false);
    expect(
      await realtime.toSocket('no-such-socket', alice.id, 'permission:updated', { permission_version: 2 }),
    ).toBe(false);
    expect(await realtime.toSocket(id, alice.id, 'permission:updated', { permission_version: 3 })).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([{ permission_version: 3 }]);
    expect(otherGot).toEqual([]);
  });

  it('drops the events emitted while and after it closes: none reaches a Redis connection that has quit', async () => {
    const server = http.createServer();
    const realtime = attachRealtime({
      server,
      redisUrl: t.config.REDIS_URL,
      redisPrefix: `${t.config.QUEUE_PREFIX}:closing`,
      authenticate: async () => null,
    });
    // Connected: asking who holds a socket is a round trip through Redis.
    expect(await realtime.toSocket('any', 1, 'permission:updated', { permission_version: 1 })).toBe(false);
    // Jobs finishing during shutdown: before, their publish was rejected where nobody awaited it
    // ('Connection is closed.'), which fails the run.
    const closing = realtime.close();
    realtime.toUser(1, 'permission:updated', { permission_version: 1 });
    await closing;
    realtime.toUser(1, 'permission:updated', { permission_version: 2 });
    expect(await realtime.toSocket('any', 1, 'permission:updated', { permission_version: 2 })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  // Last: it restarts the server.
  it('closes with a socket open, dropping it so that the client reconnects (no disconnect packet)', async () => {
    const alice = await buildUser(t);
    const socket = connect(alice.token);
    await new Promise((r) => socket.on('connect', () => r(null)));
    const reason = new Promise((resolve) => socket.on('disconnect', resolve));
    // Before, the HTTP server waited for the open WebSocket and socket.io closed only after it: forever.
    await t.restart();
    expect(await reason).toBe('transport close');
  });
});
