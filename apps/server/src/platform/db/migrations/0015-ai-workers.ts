import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * AI workers and their jobs (docs/decisions/0045-ai-workers.md). A worker belongs to a team and is known
 * by its token's hash. A job runs one model on one series: queued until a worker leases it, running while
 * the lease holds (renewed by heartbeats and progress), back to the queue when the lease lapses, until its
 * attempts are spent. The partial index serves the lease query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ai_workers (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      runtimes jsonb NOT NULL DEFAULT '[]',
      models jsonb NOT NULL DEFAULT '[]',
      capacity integer NOT NULL DEFAULT 1 CHECK (capacity > 0),
      version text,
      last_seen_at timestamptz,
      revoked_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_workers_team ON ai_workers (team_id) WHERE revoked_at IS NULL;

    CREATE TABLE ai_jobs (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      model_id integer REFERENCES ai_models(id) ON DELETE SET NULL,
      model_code text NOT NULL,
      structure_id integer NOT NULL REFERENCES structures(id),
      segments jsonb NOT NULL,
      parameters jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
      progress real NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 3,
      worker_id integer REFERENCES ai_workers(id) ON DELETE SET NULL,
      lease_expires_at timestamptz,
      trace_id text NOT NULL,
      log_tail text NOT NULL DEFAULT '',
      error text,
      segmentation_id integer REFERENCES segmentations(id) ON DELETE SET NULL,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_jobs_open ON ai_jobs (team_id, created_at, id) WHERE state IN ('queued', 'running');
    CREATE INDEX ai_jobs_worker ON ai_jobs (worker_id, updated_at DESC)
    `,
  );
}
