import { SOCKET_PATH } from '@voxa/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app';

/** A connected socket.io client of the test server (or any server at `url`), signed in with `token`. */
export async function connectSocket(t: Pick<TestApp, 'url'>, token: string): Promise<Socket> {
  const socket = io(t.url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every payload of `event` the socket receives, as it arrives. */
export function collect<T>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Resolves when `check` holds, polling; rejects after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
