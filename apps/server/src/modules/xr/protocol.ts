import { XR_HEARTBEAT_SECONDS, type XrAssignment } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { XrWorkerRef } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { seriesVolume, type VolumeFile } from '../annotator/volume';
import { readSeriesData } from '../studies/series-data';
import { NO_XR_SESSION } from './sessions';

/** The worker says what it is; it counts as heard of. */
export async function registerXrWorker(
  db: Db,
  worker: XrWorkerRef,
  body: { device: string; version?: string | undefined },
): Promise<{ xr_worker_id: number; heartbeat_seconds: number }> {
  await db
    .updateTable('xr_workers')
    .set({ device: body.device, version: body.version ?? null, last_seen_at: new Date() })
    .where('id', '=', worker.id)
    .execute();
  return { xr_worker_id: worker.id, heartbeat_seconds: XR_HEARTBEAT_SECONDS };
}

/**
 * The worker is alive; the pending session it names as shown becomes active. Answers its open session (one
 * at most), so a worker showing an ended one learns to close it: the answer no longer names it.
 */
export async function xrHeartbeat(
  db: Db,
  worker: XrWorkerRef,
  showing: number | null,
): Promise<{ session: XrAssignment | null }> {
  const now = new Date();
  await db.updateTable('xr_workers').set({ last_seen_at: now }).where('id', '=', worker.id).execute();
  if (showing !== null)
    await db
      .updateTable('xr_sessions')
      .set({ state: 'active', started_at: now })
      .where('id', '=', showing)
      .where('xr_worker_id', '=', worker.id)
      .where('state', '=', 'pending')
      .execute();
  const open = await db
    .selectFrom('xr_sessions')
    .innerJoin('series', 'series.id', 'xr_sessions.series_id')
    .select(['xr_sessions.id', 'xr_sessions.state', 'series.uuid', 'series.data'])
    .where('xr_sessions.xr_worker_id', '=', worker.id)
    .where('xr_sessions.state', '<>', 'ended')
    .executeTakeFirst();
  if (!open) return { session: null };
  const volumes = readSeriesData(open.data).nifti ?? [];
  return {
    session: {
      session_id: open.id,
      state: open.state,
      series_uuid: open.uuid,
      inputs: volumes.map((name, volume) => ({ volume, name })),
    },
  };
}

/** An open session of this worker; anything else (ended, another worker's or team's) answers 404. */
async function openSession(db: Db, worker: XrWorkerRef, sessionId: number) {
  const session = await db
    .selectFrom('xr_sessions')
    .innerJoin('series', 'series.id', 'xr_sessions.series_id')
    .select(['xr_sessions.id', 'series.uuid as series_uuid'])
    .where('xr_sessions.id', '=', sessionId)
    .where('xr_sessions.xr_worker_id', '=', worker.id)
    .where('xr_sessions.team_id', '=', worker.teamId)
    .where('xr_sessions.state', '<>', 'ended')
    .executeTakeFirst();
  if (!session) throw notFound(NO_XR_SESSION);
  return session;
}

/** One volume of the series an open session of the worker shows. */
export async function xrSessionInput(
  deps: Pick<Deps, 'db' | 'storage'>,
  worker: XrWorkerRef,
  sessionId: number,
  volume: number,
): Promise<VolumeFile> {
  const session = await openSession(deps.db, worker, sessionId);
  return seriesVolume(deps, worker.teamId, session.series_uuid, volume);
}

/** The viewer closed the session. */
export async function endByWorker(db: Db, worker: XrWorkerRef, sessionId: number): Promise<void> {
  const session = await openSession(db, worker, sessionId);
  await db
    .updateTable('xr_sessions')
    .set({ state: 'ended', ended_at: new Date() })
    .where('id', '=', session.id)
    .execute();
}
