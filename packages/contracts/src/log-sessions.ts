import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * Log sessions (issue 17 item 3; docs/decisions/0059-log-sessions.md): the `POST log` events of the
 * request's team grouped by user and sign-in. A session's id is the id of its first event still kept.
 * Team scope with r:log-session, like /admin/ai-workers: a team sees its own members' use of its host.
 */

/** Rows per page of the sessions list and of the events table. */
export const LOG_PAGE_SIZE = 50;
/** Events a session's timeline shows at most (the first ones); the table and CSV reach the rest. */
export const LOG_TIMELINE_MAX = 2000;
/** Rows one CSV export holds at most (the newest). */
export const LOG_CSV_MAX_ROWS = 50_000;

/** The filters of the sessions list, the events table and the CSV; every one optional. */
export const LogFilter = z.strictObject({
  /** Part of the user's name or e-mail address. */
  user: z.string().trim().max(200).optional(),
  /** Events at or after this instant (ISO 8601). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Events before this instant (ISO 8601). */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Part of the path. */
  path: z.string().trim().max(200).optional(),
});
export type LogFilter = z.infer<typeof LogFilter>;

const Page = z.coerce.number().int().positive().max(100000).default(1);
export const LogListQuery = LogFilter.extend({ page: Page });

export const LogUser = z.object({ id: Id, name: z.string(), email: z.string() });

export const LogSession = z.object({
  id: Id,
  user: LogUser,
  started_at: Timestamp,
  last_at: Timestamp,
  events: z.number().int(),
});
export type LogSession = z.infer<typeof LogSession>;

export const LogEvent = z.object({
  id: Id,
  session_id: Id,
  user: LogUser,
  app: z.string(),
  type: z.string(),
  path: z.string(),
  data: z.string().nullable(),
  created_at: Timestamp,
});
export type LogEvent = z.infer<typeof LogEvent>;

export const logSessions = {
  list: endpoint({
    method: 'GET',
    path: '/log-sessions',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s log sessions (one per user and sign-in) matching the filters, latest first',
    query: LogListQuery,
    response: z.object({ data: z.array(LogSession), total: z.number().int() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/log-sessions/:sessionId',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'One log session and its timeline, oldest event first',
    params: z.strictObject({ sessionId: Id }),
    response: z.object({ session: LogSession, events: z.array(LogEvent), truncated: z.boolean() }),
  }),
  events: endpoint({
    method: 'GET',
    path: '/log-events',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s log events matching the filters, newest first',
    query: LogListQuery,
    response: z.object({ data: z.array(LogEvent), total: z.number().int() }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/log-events/csv',
    scope: 'team',
    permissions: ['r:log-session'],
    summary: 'The team’s log events matching the filters as CSV, newest first',
    query: LogFilter,
    response: null,
    binary: 'text/csv',
  }),
};
