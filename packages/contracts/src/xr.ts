import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * XR workers and sessions (docs/decisions/0062-xr-workers-and-sessions.md). An XR worker is a team's
 * immersive viewer: a headset app or a rendering box driving one. It is added at /admin/xr-workers
 * (r:xr-workers) with a token shown once, registers and heartbeats like an AI worker. An XR session is one
 * series opened on one XR worker: a member asks for it at /admin/xr-sessions (r:xr-sessions), the worker
 * picks it up on its next heartbeat, reads the series' volumes, and the session ends from either side.
 */

/** XR worker tokens start so: the server tells them from users' and AI workers' tokens without a lookup. */
export const XR_WORKER_TOKEN_PREFIX = 'vxr_';
/** How often an XR worker is asked to heartbeat (it is shown offline after WORKER_OFFLINE_AFTER_SECONDS). */
export const XR_HEARTBEAT_SECONDS = 15;
/** Why a session cannot open on a worker (409): the worker has an open session. */
export const XR_WORKER_BUSY = 'This XR worker already shows a session: end it first.';

export const XR_SESSION_STATES = ['pending', 'active', 'ended'] as const;
export const XrSessionState = z.enum(XR_SESSION_STATES);
export type XrSessionState = z.infer<typeof XrSessionState>;

export const XrWorker = z.object({
  id: Id,
  name: z.string(),
  status: z.enum(['new', 'online', 'offline']),
  /** What the device said it is when it registered ('Meta Quest 3'), null before. */
  device: z.string().nullable(),
  version: z.string().nullable(),
  last_seen_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type XrWorker = z.infer<typeof XrWorker>;

export const XrSession = z.object({
  id: Id,
  state: XrSessionState,
  worker: z.object({ id: Id, name: z.string() }),
  series: z.object({ uuid: z.string(), description: z.string().nullable(), study_uuid: z.string() }),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
});
export type XrSession = z.infer<typeof XrSession>;

/** What an XR worker is told to show: the session and the series' volumes it reads. */
export const XrAssignment = z.object({
  session_id: Id,
  state: XrSessionState,
  series_uuid: z.string(),
  /** Each read at GET /xr-worker/sessions/{id}/input/{volume} (NIfTI bytes). */
  inputs: z.array(z.object({ volume: z.number().int(), name: z.string() })),
});
export type XrAssignment = z.infer<typeof XrAssignment>;

const SessionParams = z.strictObject({ xrSessionId: Id });

export const xrWorkers = {
  list: endpoint({
    method: 'GET',
    path: '/xr-workers',
    scope: 'team',
    // The sessions page lists them too: a session is opened on one of them.
    anyPermission: ['r:xr-workers', 'r:xr-sessions'],
    summary: 'The team’s XR workers with their state (new, online, offline) and what they said they are',
    response: z.array(XrWorker),
  }),
  create: endpoint({
    method: 'POST',
    path: '/xr-workers',
    scope: 'team',
    permissions: ['r:xr-workers'],
    summary: 'Add an XR worker: its token is answered once (only its hash is kept)',
    body: z.strictObject({ name: z.string().trim().min(1).max(128) }),
    response: z.object({ worker: XrWorker, token: z.string() }),
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/xr-workers/:xrWorkerId',
    scope: 'team',
    permissions: ['r:xr-workers'],
    summary: 'Revoke an XR worker’s token; its open sessions end',
    params: z.strictObject({ xrWorkerId: Id }),
    response: null,
    status: 204,
  }),
};

export const xrSessions = {
  list: endpoint({
    method: 'GET',
    path: '/xr-sessions',
    scope: 'team',
    permissions: ['r:xr-sessions'],
    summary: 'The team’s XR sessions, open ones first, then the last ended',
    response: z.array(XrSession),
  }),
  create: endpoint({
    method: 'POST',
    path: '/xr-sessions',
    scope: 'team',
    permissions: ['r:xr-sessions'],
    summary:
      'Open a converted series of the team on one of its XR workers (pending until the worker picks it up); 409 when the worker shows another',
    body: z.strictObject({ xr_worker_id: Id, series_uuid: z.uuid() }),
    response: XrSession,
    status: 201,
  }),
  end: endpoint({
    method: 'POST',
    path: '/xr-sessions/:xrSessionId/end',
    scope: 'team',
    permissions: ['r:xr-sessions'],
    summary:
      'End a session of the team (the worker is told on its next heartbeat); ending an ended one changes nothing',
    params: SessionParams,
    response: XrSession,
  }),
};

/** The protocol XR workers speak: called with `Authorization: Bearer vxr_…`. */
export const xrWorkerProtocol = {
  register: endpoint({
    method: 'POST',
    path: '/xr-worker/register',
    scope: 'xr-worker',
    summary: 'An XR worker says what it is; answers how often to heartbeat',
    body: z.strictObject({
      device: z.string().trim().min(1).max(128),
      version: z.string().trim().max(64).optional(),
    }),
    response: z.object({ xr_worker_id: Id, heartbeat_seconds: z.number().int() }),
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: '/xr-worker/heartbeat',
    scope: 'xr-worker',
    summary:
      'The worker is alive and names the session it shows (null: none), which becomes active; answers the session it should show, null when none',
    body: z.strictObject({ showing: Id.nullable() }),
    response: z.object({ session: XrAssignment.nullable() }),
  }),
  input: endpoint({
    method: 'GET',
    path: '/xr-worker/sessions/:xrSessionId/input/:volume',
    scope: 'xr-worker',
    summary: 'One volume of the series of an open session of the worker, as NIfTI bytes',
    params: z.strictObject({ xrSessionId: Id, volume: z.coerce.number().int().min(0).max(10_000) }),
    response: null,
    binary: 'application/octet-stream',
  }),
  end: endpoint({
    method: 'POST',
    path: '/xr-worker/sessions/:xrSessionId/end',
    scope: 'xr-worker',
    summary: 'The viewer closed the session',
    params: SessionParams,
    response: null,
    status: 204,
  }),
};
