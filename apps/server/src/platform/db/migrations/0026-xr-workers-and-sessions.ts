import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * XR workers and their sessions (docs/decisions/0062-xr-workers-and-sessions.md). A worker is a team's
 * immersive viewer, known by its token's hash; a session is one series shown on one worker: pending until
 * the worker's heartbeat names it, active while shown, then ended. The partial unique index keeps one open
 * session per worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE xr_workers (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      device text,
      version text,
      last_seen_at timestamptz,
      revoked_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX xr_workers_team ON xr_workers (team_id) WHERE revoked_at IS NULL;

    CREATE TABLE xr_sessions (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      xr_worker_id integer NOT NULL REFERENCES xr_workers(id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'active', 'ended')),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      ended_at timestamptz
    );
    CREATE INDEX xr_sessions_team ON xr_sessions (team_id, created_at DESC);
    CREATE UNIQUE INDEX xr_sessions_open ON xr_sessions (xr_worker_id) WHERE state <> 'ended'
    `,
  );
}
