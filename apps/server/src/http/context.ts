import type { Permission } from '@voxa/contracts';
import type { UserRow } from '../platform/db/schema';

export interface TeamRef {
  id: number;
  slug: string;
  title: string;
}

/** Who is asking, in which team, holding which permissions there. Built once per request. */
export interface RequestContext {
  user: UserRow | null;
  tokenId: number | null;
  /** The administrator acting as `user`, when the token came from /user-switch. */
  impersonatorId: number | null;
  team: TeamRef | null;
  /** The user's role in `team`, when there is one. */
  roleId: number | null;
  permissions: Permission[];
  /** The AI worker calling, when the token is a worker's (never together with a user). */
  worker: WorkerRef | null;
  /** The XR worker calling, when the token is an XR worker's (never together with a user). */
  xrWorker: XrWorkerRef | null;
  /** The API user calling (`user` is its backing row), when the token is an API token: team endpoints only. */
  apiUserId: number | null;
}

export interface WorkerRef {
  id: number;
  /** Null for a platform worker: it serves every team's jobs. */
  teamId: number | null;
}

export interface WorkerContext extends RequestContext {
  worker: WorkerRef;
}

export interface XrWorkerRef {
  id: number;
  teamId: number;
}

export interface XrWorkerContext extends RequestContext {
  xrWorker: XrWorkerRef;
}

interface SignedInContext extends RequestContext {
  user: UserRow;
}

/** A person signed in with a session token (API users never reach user-scope endpoints). */
export interface UserContext extends SignedInContext {
  tokenId: number;
}

/** A member, or an API user of the team: no session token then (tokenId null). */
export interface TeamContext extends SignedInContext {
  team: TeamRef;
  roleId: number;
}
