import type { XrSession, XrWorker } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { XrWorkersTable } from '../../platform/db/schema';
import { workerStatus } from '../ai-workers/policy';
import { iso, isoOrNull } from '../common/time';
import { readSeriesData } from '../studies/series-data';

/** An XR worker as its team sees it; new, online and offline as for AI workers (decision 0045). */
export function presentXrWorker(row: Selectable<XrWorkersTable>, now = new Date()): XrWorker {
  return {
    id: row.id,
    name: row.name,
    status: workerStatus(row.last_seen_at, now),
    device: row.device,
    version: row.version,
    last_seen_at: isoOrNull(row.last_seen_at),
    created_at: iso(row.created_at),
  };
}

export interface SessionRow {
  id: number;
  state: XrSession['state'];
  worker_id: number;
  worker_name: string;
  series_uuid: string;
  series_data: unknown;
  study_uuid: string;
  created_by: string | null;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
}

export function presentXrSession(row: SessionRow): XrSession {
  return {
    id: row.id,
    state: row.state,
    worker: { id: row.worker_id, name: row.worker_name },
    series: {
      uuid: row.series_uuid,
      description: readSeriesData(row.series_data).seriesDescription ?? null,
      study_uuid: row.study_uuid,
    },
    created_by: row.created_by,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    ended_at: isoOrNull(row.ended_at),
  };
}
