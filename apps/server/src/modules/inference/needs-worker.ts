import {
  NEEDS_WORKER_SERIES_MAX,
  type CancelWaiting,
  type CancelWaitingBody,
  type NeedsWorker,
  type NeedsWorkerQuery,
  type NeedsWorkerSeries,
} from '@voxa/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { visibleModels } from '../ai-models/service';
import { settingsOf, teamSettings } from './configuration';
import { automaticByDefault, servedNow } from './policy';
import { seriesName } from './present';
import { servingWorkers } from './service';

/**
 * GET /ai2/needs-worker (decision 0094): the models no online worker serves now that the team runs after
 * conversion or has queued inferences of, and the series converted while one of those had no worker
 * (those since given an inference of that model, or whose model is served now, drop out).
 */
export async function needsWorker(db: Db, teamId: number, query: NeedsWorkerQuery): Promise<NeedsWorker> {
  const [models, settings, workers, waiting] = await Promise.all([
    visibleModels(db, teamId)
      .where((eb) => eb.or([eb('m.team_id', 'is', null), eb('m.team_id', '=', teamId)]))
      .orderBy('m.id')
      .execute(),
    teamSettings(db, teamId),
    servingWorkers(db, teamId),
    db
      .selectFrom('ai_jobs')
      .select(['model_code', sql<number>`count(*)::int`.as('count')])
      .where('team_id', '=', teamId)
      .where('kind', '=', 'inference')
      .where('state', '=', 'queued')
      .groupBy('model_code')
      .execute(),
  ]);
  const waitingOf = new Map(waiting.map((w) => [w.model_code, w.count]));
  const unserved = models.flatMap((m) => {
    if (servedNow(m.code, workers)) return [];
    const automatic = settingsOf(settings, m).automatic;
    const count = waitingOf.get(m.code) ?? 0;
    if (!(automatic && automaticByDefault(m.code)) && count === 0) return [];
    return [{ id: m.id, code: m.code, name: m.name, automatic, waiting: count }];
  });
  const unservedCodes = models.map((m) => m.code).filter((code) => !servedNow(code, workers));
  return { models: unserved, series: await seriesNeedingWorker(db, teamId, unservedCodes, query.study) };
}

async function seriesNeedingWorker(
  db: Db,
  teamId: number,
  codes: readonly string[],
  studyUuid: string | undefined,
): Promise<NeedsWorkerSeries[]> {
  if (codes.length === 0) return [];
  let q = db
    .selectFrom('ai_needs_worker as n')
    .innerJoin('series as se', 'se.id', 'n.series_id')
    .innerJoin('studies as st', 'st.id', 'se.study_id')
    .select([
      'n.model_code',
      'n.created_at',
      'se.id as series_id',
      'se.uuid',
      'se.data as series_data',
      'se.series_number',
      'se.modality_code',
      'st.uuid as study_uuid',
      'st.data as study_data',
    ])
    .where('n.team_id', '=', teamId)
    .where('st.team_id', '=', teamId)
    .where('n.model_code', 'in', [...codes])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ai_jobs as j')
            .select('j.id')
            .whereRef('j.series_id', '=', 'n.series_id')
            .whereRef('j.model_code', '=', 'n.model_code'),
        ),
      ),
    );
  if (studyUuid) q = q.where('st.uuid', '=', studyUuid);
  const rows = await q
    .orderBy('n.created_at', 'desc')
    .orderBy('se.id', 'desc')
    .orderBy('n.model_code')
    .limit(NEEDS_WORKER_SERIES_MAX * 4)
    .execute();
  const bySeries = new Map<number, NeedsWorkerSeries>();
  for (const r of rows) {
    const known = bySeries.get(r.series_id);
    if (known) {
      known.models.push(r.model_code);
      continue;
    }
    const patientName = r.study_data.patientName;
    bySeries.set(r.series_id, {
      uuid: r.uuid,
      name: seriesName(r),
      modality: r.modality_code,
      study: { uuid: r.study_uuid, name: typeof patientName === 'string' ? patientName : '' },
      models: [r.model_code],
      since: iso(r.created_at),
    });
  }
  return [...bySeries.values()].slice(0, NEEDS_WORKER_SERIES_MAX);
}

/** PUT /ai2/inferences/cancel-waiting: every queued inference of the team (or of one model) cancelled. */
export async function cancelWaiting(db: Db, teamId: number, body: CancelWaitingBody): Promise<CancelWaiting> {
  const now = new Date();
  let q = db
    .updateTable('ai_jobs')
    .set({ state: 'cancelled', lease_expires_at: null, finished_at: now, updated_at: now })
    .where('team_id', '=', teamId)
    .where('kind', '=', 'inference')
    .where('state', '=', 'queued');
  if (body.model) q = q.where('model_code', '=', body.model);
  const cancelled = await q.returning('id').execute();
  return { cancelled: cancelled.length };
}
