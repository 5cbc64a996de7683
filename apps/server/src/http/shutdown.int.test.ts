import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

/**
 * A client that stops in the middle of a request (here: half a body sent) does not hold the server's
 * stop past SHUTDOWN_GRACE_MS: its connection is cut, and the jobs and the database close after it.
 */
describe('stopping the server', () => {
  it('cuts a request still under way once the grace has passed', async () => {
    const t = await createTestApp({ SHUTDOWN_GRACE_MS: '1000' });
    const { port } = new URL(t.url);
    const socket: Socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // A JSON body announced as 1,000 bytes of which 10 are sent: the request stays under way.
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    await ended;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(8_000);
  });
});
