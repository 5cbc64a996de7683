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
}

export interface WorkerRef {
  id: number;
  /** Null for a platform worker: it serves every team's jobs. */
  teamId: number | null;
}

export interface WorkerContext extends RequestContext {
  worker: WorkerRef;
}

export interface UserContext extends RequestContext {
  user: UserRow;
  tokenId: number;
}

export interface TeamContext extends UserContext {
  team: TeamRef;
  roleId: number;
}
