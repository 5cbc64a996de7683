import { XR_WORKER_BUSY, type XrSession } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { presentXrSession } from './present';
import { NO_XR_WORKER } from './workers';

export const NO_XR_SESSION = 'XR session not found.';
export const SERIES_NOT_READY = 'Only a converted series of the team can be shown.';
/** Ended sessions listed after the open ones. */
const ENDED_SHOWN = 50;

const sessionsOf = (db: Db, teamId: number) =>
  db
    .selectFrom('xr_sessions')
    .innerJoin('xr_workers', 'xr_workers.id', 'xr_sessions.xr_worker_id')
    .innerJoin('series', 'series.id', 'xr_sessions.series_id')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .leftJoin('users', 'users.id', 'xr_sessions.created_by')
    .select([
      'xr_sessions.id',
      'xr_sessions.state',
      'xr_workers.id as worker_id',
      'xr_workers.name as worker_name',
      'series.uuid as series_uuid',
      'series.data as series_data',
      'studies.uuid as study_uuid',
      'users.name as created_by',
      'xr_sessions.created_at',
      'xr_sessions.started_at',
      'xr_sessions.ended_at',
    ])
    .where('xr_sessions.team_id', '=', teamId);

/** Open sessions first (newest first), then the last ended ones. */
export async function listXrSessions(db: Db, teamId: number): Promise<XrSession[]> {
  const open = await sessionsOf(db, teamId)
    .where('xr_sessions.state', '<>', 'ended')
    .orderBy('xr_sessions.id', 'desc')
    .execute();
  const ended = await sessionsOf(db, teamId)
    .where('xr_sessions.state', '=', 'ended')
    .orderBy('xr_sessions.id', 'desc')
    .limit(ENDED_SHOWN)
    .execute();
  return [...open, ...ended].map(presentXrSession);
}

async function oneSession(db: Db, teamId: number, sessionId: number): Promise<XrSession> {
  const row = await sessionsOf(db, teamId).where('xr_sessions.id', '=', sessionId).executeTakeFirst();
  if (!row) throw notFound(NO_XR_SESSION);
  return presentXrSession(row);
}

/** A pending session of a converted series on a live worker of the team; 409 while the worker has one open. */
export async function createXrSession(
  db: Db,
  ctx: TeamContext,
  body: { xr_worker_id: number; series_uuid: string },
): Promise<XrSession> {
  const worker = await db
    .selectFrom('xr_workers')
    .select('id')
    .where('id', '=', body.xr_worker_id)
    .where('team_id', '=', ctx.team.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!worker) throw notFound(NO_XR_WORKER);
  const series = await db
    .selectFrom('series')
    .select(['id', 'status'])
    .where('uuid', '=', body.series_uuid)
    .where('team_id', '=', ctx.team.id)
    .executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  if (series.status !== 'done') throw conflict(SERIES_NOT_READY);
  const created = await db
    .insertInto('xr_sessions')
    .values({ team_id: ctx.team.id, xr_worker_id: worker.id, series_id: series.id, created_by: ctx.user.id })
    // The partial unique index holds one open session per worker, also against two requests at once.
    .onConflict((oc) => oc.column('xr_worker_id').where('state', '<>', 'ended').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw conflict(XR_WORKER_BUSY);
  return oneSession(db, ctx.team.id, created.id);
}

/** Ends a session of the team (the worker hears it on its next heartbeat); an ended one stays as it is. */
export async function endXrSession(db: Db, teamId: number, sessionId: number): Promise<XrSession> {
  await db
    .updateTable('xr_sessions')
    .set({ state: 'ended', ended_at: new Date() })
    .where('id', '=', sessionId)
    .where('team_id', '=', teamId)
    .where('state', '<>', 'ended')
    .execute();
  return oneSession(db, teamId, sessionId);
}
