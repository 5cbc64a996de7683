import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** The job queue of the embedded default (platform/queue/db-queue.ts); BullMQ keeps its own in Redis. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE jobs (
      id text PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      run_after timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX jobs_ready ON jobs (name, run_after) WHERE status IN ('queued', 'running');
    `,
  );
}
