import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Platform workers (docs/decisions/0048-builtin-cpu-worker.md): a worker without a team serves every
 * team's jobs; the built-in CPU worker is one. Teams see them on their workers page but cannot revoke them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE ai_workers ALTER COLUMN team_id DROP NOT NULL;
    CREATE INDEX ai_workers_platform ON ai_workers (id) WHERE team_id IS NULL AND revoked_at IS NULL;
    CREATE INDEX ai_jobs_queued ON ai_jobs (created_at, id) WHERE state = 'queued'
    `,
  );
}
