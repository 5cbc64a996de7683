import type { AiJobSummary, AiWorker } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { AiJobsTable, AiWorkersTable } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { revokeRefusal, workerStatus } from './policy';

export function presentJob(row: Selectable<AiJobsTable>): AiJobSummary {
  return {
    id: row.id,
    model_code: row.model_code,
    state: row.state,
    progress: row.progress,
    attempts: row.attempts,
    trace_id: row.trace_id,
    log_tail: row.log_tail,
    error: row.error,
    updated_at: iso(row.updated_at),
  };
}

/** A worker as `teamId` sees it: its own, or a platform worker (read-only), with that team's jobs only. */
export function presentWorker(
  row: Selectable<AiWorkersTable>,
  jobs: Selectable<AiJobsTable>[],
  teamId: number,
  now = new Date(),
): AiWorker {
  return {
    id: row.id,
    name: row.name,
    status: workerStatus(row.last_seen_at, now),
    runtimes: row.runtimes,
    models: row.models,
    capacity: row.capacity,
    version: row.version,
    last_seen_at: isoOrNull(row.last_seen_at),
    created_at: iso(row.created_at),
    platform: row.team_id === null,
    can_revoke: revokeRefusal(row, teamId) === null,
    jobs: jobs.map(presentJob),
  };
}
