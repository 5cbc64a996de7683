import {
  LOG_CSV_MAX_ROWS,
  LOG_PAGE_SIZE,
  LOG_TIMELINE_MAX,
  type LogEvent,
  type LogFilter,
  type LogSession,
} from '@voxa/contracts';
import { sql } from 'kysely';
import { notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { likePattern } from '../admin/service';
import { iso } from '../common/time';
import { filterProblem, retentionCutoff, toCsv } from './policy';

/** A session's id: the id of its first event kept in this team (any of its events' ids finds it). */
const sessionIdOf = () =>
  sql<number>`(SELECT min(s.id) FROM activity_logs s WHERE s.team_id = l.team_id AND s.session_id = l.session_id AND s.user_id = l.user_id)`;

/** The team's events matching the filter, joined to their users. */
function filtered(db: Db, teamId: number, filter: LogFilter) {
  const problem = filterProblem(filter);
  if (problem) throw unprocessable(problem, { to: [problem] });
  let q = db
    .selectFrom('activity_logs as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.team_id', '=', teamId);
  if (filter.user) {
    const pattern = likePattern(filter.user);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.name']), 'like', pattern),
        eb(eb.fn('lower', ['u.email']), 'like', pattern),
      ]),
    );
  }
  if (filter.path)
    q = q.where((eb) => eb(eb.fn('lower', ['l.path']), 'like', likePattern(filter.path ?? '')));
  if (filter.from) q = q.where('l.created_at', '>=', new Date(filter.from));
  if (filter.to) q = q.where('l.created_at', '<', new Date(filter.to));
  return q;
}

interface EventRow {
  id: number;
  session: number;
  user_id: number;
  name: string;
  email: string;
  app: string;
  type: string;
  path: string;
  data: string | null;
  created_at: Date | string;
}

const presentEvent = (r: EventRow): LogEvent => ({
  id: r.id,
  session_id: r.session,
  user: { id: r.user_id, name: r.name, email: r.email },
  app: r.app,
  type: r.type,
  path: r.path,
  data: r.data,
  created_at: iso(r.created_at),
});

function selectEvents(q: ReturnType<typeof filtered>) {
  return q.select([
    'l.id',
    sessionIdOf().as('session'),
    'l.user_id',
    'u.name',
    'u.email',
    'l.app',
    'l.type',
    'l.path',
    'l.data',
    'l.created_at',
  ]);
}

const toEventRow = (r: Omit<EventRow, 'session'> & { session: number | null }): EventRow => ({
  ...r,
  session: r.session ?? r.id,
});

/** Sessions of the matching events, latest activity first; counts and times are of the matching events. */
export async function listSessions(db: Db, teamId: number, filter: LogFilter, page: number) {
  const grouped = filtered(db, teamId, filter)
    .select((eb) => [
      sessionIdOf().as('id'),
      'l.user_id',
      'u.name',
      'u.email',
      eb.fn.min('l.created_at').as('started_at'),
      eb.fn.max('l.created_at').as('last_at'),
      eb.fn.countAll<string>().as('events'),
    ])
    .groupBy(['l.team_id', 'l.session_id', 'l.user_id', 'u.name', 'u.email']);
  const [rows, total] = await Promise.all([
    grouped
      .orderBy('last_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LOG_PAGE_SIZE)
      .offset((page - 1) * LOG_PAGE_SIZE)
      .execute(),
    db
      .selectFrom(grouped.as('g'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentSession), total: Number(total.n) };
}

function presentSession(r: {
  id: number | null;
  user_id: number;
  name: string;
  email: string;
  started_at: unknown;
  last_at: unknown;
  events: string | number;
}): LogSession {
  return {
    id: r.id ?? 0,
    user: { id: r.user_id, name: r.name, email: r.email },
    started_at: iso(r.started_at as Date | string),
    last_at: iso(r.last_at as Date | string),
    events: Number(r.events),
  };
}

/** One session of the team with its events, oldest first; 404 for an id of another team's event. */
export async function sessionDetail(db: Db, teamId: number, eventId: number) {
  const anchor = await db
    .selectFrom('activity_logs')
    .select(['session_id', 'user_id'])
    .where('id', '=', eventId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!anchor) throw notFound();
  const ofSession = db
    .selectFrom('activity_logs as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.team_id', '=', teamId)
    .where('l.session_id', '=', anchor.session_id)
    .where('l.user_id', '=', anchor.user_id);
  const [stats, rows] = await Promise.all([
    ofSession
      .select((eb) => [
        eb.fn.min<number>('l.id').as('id'),
        'l.user_id',
        'u.name',
        'u.email',
        eb.fn.min('l.created_at').as('started_at'),
        eb.fn.max('l.created_at').as('last_at'),
        eb.fn.countAll<string>().as('events'),
      ])
      .groupBy(['l.user_id', 'u.name', 'u.email'])
      .executeTakeFirstOrThrow(),
    ofSession
      .select([
        'l.id',
        'l.user_id',
        'u.name',
        'u.email',
        'l.app',
        'l.type',
        'l.path',
        'l.data',
        'l.created_at',
      ])
      .orderBy('l.id')
      .limit(LOG_TIMELINE_MAX + 1)
      .execute(),
  ]);
  const session = presentSession(stats);
  return {
    session,
    events: rows.slice(0, LOG_TIMELINE_MAX).map((r) => presentEvent({ ...r, session: session.id })),
    truncated: rows.length > LOG_TIMELINE_MAX,
  };
}

/** The matching events, newest first, one page. */
export async function listEvents(db: Db, teamId: number, filter: LogFilter, page: number) {
  const q = filtered(db, teamId, filter);
  const [rows, total] = await Promise.all([
    selectEvents(q)
      .orderBy('l.id', 'desc')
      .limit(LOG_PAGE_SIZE)
      .offset((page - 1) * LOG_PAGE_SIZE)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((r) => presentEvent(toEventRow(r))), total: Number(total.n) };
}

export const CSV_HEADER = ['time', 'user', 'email', 'session', 'app', 'type', 'path', 'data'] as const;

/** The matching events as CSV, newest first, at most LOG_CSV_MAX_ROWS. */
export async function eventsCsv(db: Db, teamId: number, filter: LogFilter): Promise<string> {
  const rows = await selectEvents(filtered(db, teamId, filter))
    .orderBy('l.id', 'desc')
    .limit(LOG_CSV_MAX_ROWS)
    .execute();
  return toCsv(
    CSV_HEADER,
    rows.map((r) => {
      const e = toEventRow(r);
      return [iso(e.created_at), e.name, e.email, e.session, e.app, e.type, e.path, e.data];
    }),
  );
}

/** Deletes events older than the retention; answers how many went. */
export async function pruneActivityLogs(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('activity_logs')
    .where('created_at', '<', retentionCutoff(now, retentionDays))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
