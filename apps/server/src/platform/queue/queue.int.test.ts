import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bullmqQueue } from './bullmq-queue';
import { dbQueue } from './db-queue';
import type { JobQueue } from './types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

function contract(make: () => JobQueue) {
  it('runs a job once, however often it is added', async () => {
    const queue = make();
    const seen: number[] = [];
    const id = `job-${randomUUID()}`;
    await queue.add('sort-session', { sessionId: 7 }, id);
    await queue.add('sort-session', { sessionId: 7 }, id);
    queue.work('sort-session', async ({ sessionId }) => void seen.push(sessionId));
    await until(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([7]);
    await queue.close();
  });

  it('retries a job whose handler throws', async () => {
    const queue = make();
    let calls = 0;
    queue.work('sort-session', async () => {
      calls += 1;
      if (calls === 1) throw new Error('flaky disk');
    });
    await queue.add('sort-session', { sessionId: 8 }, `job-${randomUUID()}`);
    await until(() => calls === 2, 15_000);
    await queue.close();
  });

  it('keeps a job added once it has closed (a request ending during shutdown): the next start runs it', async () => {
    const stopped = make();
    await stopped.close();
    await stopped.add('sort-session', { sessionId: 10 }, `job-${randomUUID()}`);
    const next = make();
    const seen: number[] = [];
    next.work('sort-session', async ({ sessionId }) => void seen.push(sessionId));
    await until(() => seen.includes(10));
    await next.close();
  });
}

describe('database queue', () => {
  contract(() => dbQueue(t.db, { pollMs: 50, retryDelay: () => 50 }));

  it('takes over a job whose worker died (its lease ran out), and reruns a failed job added again', async () => {
    const id = `job-${randomUUID()}`;
    await sql`INSERT INTO jobs (id, name, payload, status, attempts, locked_until)
      VALUES (${id}, 'sort-session', '{"sessionId":9}'::jsonb, 'running', 1, now() - interval '1 second')`.execute(
      t.db,
    );
    const queue = dbQueue(t.db, { pollMs: 50, retryDelay: () => 50 });
    const seen: number[] = [];
    queue.work('sort-session', async ({ sessionId }) => {
      seen.push(sessionId);
      if (seen.length <= 2) throw new Error('broken');
    });
    await until(async () => {
      const row = await t.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'failed';
    });
    expect(seen).toEqual([9, 9]);
    await queue.add('sort-session', { sessionId: 9 }, id);
    await until(() => seen.length === 3);
    await queue.close();
  });

  it('refuses a payload that does not match the job contract', async () => {
    const id = `job-${randomUUID()}`;
    await sql`INSERT INTO jobs (id, name, payload) VALUES (${id}, 'sort-session', '{"sessionId":"x"}'::jsonb)`.execute(
      t.db,
    );
    const queue = dbQueue(t.db, { pollMs: 50, retryDelay: () => 10 });
    const seen: unknown[] = [];
    queue.work('sort-session', async (payload) => void seen.push(payload));
    await until(async () => {
      const row = await t.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'failed';
    });
    expect(seen).toEqual([]);
    await queue.close();
  });
});

const redisUrl = process.env.REDIS_URL;
describe.runIf(redisUrl)('BullMQ queue (REDIS_URL)', () => {
  // One prefix for the file's queues, as for the processes of one deployment.
  const prefix = `voxa-test-${randomUUID()}`;
  contract(() => bullmqQueue(redisUrl as string, { prefix }));
});
