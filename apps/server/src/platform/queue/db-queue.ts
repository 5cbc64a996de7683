import { JOBS, type JobName, type JobPayload } from '@voxa/contracts';
import { sql } from 'kysely';
import type { Db } from '../db';
import { MAX_ATTEMPTS, retryDelay, type JobHandler, type JobQueue } from './types';

export interface DbQueueOptions {
  /** How long a claimed job stays a worker's without a heartbeat; then another worker takes it over. */
  leaseMs?: number;
  /** How often an idle worker looks for jobs added by other processes. */
  pollMs?: number;
  /** Delay before attempt n + 1 (ms); tests shorten it. */
  retryDelay?: (attempt: number) => number;
  onError?: (error: unknown, job: { id: string; name: string; attempts: number }) => void;
}

interface Claimed {
  id: string;
  payload: unknown;
  attempts: number;
}

/**
 * The job queue in the database, for the embedded default and for PostgreSQL without Redis. A job is
 * claimed with FOR UPDATE SKIP LOCKED under a lease that a heartbeat renews while it runs: when a process
 * dies, its jobs' leases run out and another worker (or the same one, restarted) takes them over.
 */
export function dbQueue(db: Db, options: DbQueueOptions = {}): JobQueue {
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = options.pollMs ?? 1000;
  const delay = options.retryDelay ?? retryDelay;
  const wakers = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const claim = async (name: string): Promise<Claimed | null> => {
    const result = await sql<Claimed>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = (
        SELECT id FROM jobs
        WHERE name = ${name} AND (
          (status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now())
        )
        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      RETURNING id, payload, attempts`.execute(db);
    return result.rows[0] ?? null;
  };

  const finish = async (job: Claimed, error: unknown) => {
    if (error === undefined) {
      await db
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, updated_at: new Date() })
        .where('id', '=', job.id)
        .execute();
      return;
    }
    const again = job.attempts < MAX_ATTEMPTS;
    await db
      .updateTable('jobs')
      .set({
        status: again ? 'queued' : 'failed',
        run_after: new Date(Date.now() + delay(job.attempts)),
        locked_until: null,
        last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
        updated_at: new Date(),
      })
      .where('id', '=', job.id)
      .execute();
  };

  const runOne = async <N extends JobName>(name: N, job: Claimed, handler: JobHandler<N>) => {
    const heartbeat = setInterval(() => {
      void db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() + leaseMs) })
        .where('id', '=', job.id)
        .execute()
        .catch(() => undefined);
    }, leaseMs / 3);
    let failure: unknown = undefined;
    try {
      await handler(JOBS[name].parse(job.payload) as JobPayload<N>);
    } catch (error) {
      failure = error ?? new Error('Job failed');
      options.onError?.(failure, { id: job.id, name, attempts: job.attempts });
    } finally {
      clearInterval(heartbeat);
    }
    await finish(job, failure);
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      wakers.add(wake);
    });

  const loop = async <N extends JobName>(name: N, handler: JobHandler<N>) => {
    while (!closed) {
      const job = await claim(name).catch(() => null);
      if (job) await runOne(name, job, handler);
      else await sleep();
    }
  };

  return {
    async add(name, payload, jobId) {
      await sql`
        INSERT INTO jobs (id, name, payload) VALUES (${jobId}, ${name}, ${JSON.stringify(payload)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET status = 'queued', attempts = 0, run_after = now(), updated_at = now()
        WHERE jobs.status = 'failed'`.execute(db);
      for (const wake of [...wakers]) wake();
    },
    work(name, handler, { concurrency = 1 } = {}) {
      for (let i = 0; i < concurrency; i++) {
        const done = loop(name, handler);
        running.add(done);
        void done.finally(() => running.delete(done));
      }
    },
    async close() {
      closed = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(running);
    },
  };
}
