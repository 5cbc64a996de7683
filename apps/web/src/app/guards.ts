import { PERMISSION_ROUTE_RETRIES, safeRedirect, type Permission, type User } from '@voxa/contracts';
import { can } from './session/can';

export const KNOWN_GUARDS = ['auth', 'verified', 'checkTeam', 'guest', 'permission'] as const;
export const DEFAULT_GUARDS: readonly string[] = ['auth', 'verified', 'checkTeam'];

export interface GuardInput {
  /** Guard names declared by the route, in order. */
  guards: readonly string[];
  /** Permissions the page needs, all of them (the `permission` guard). */
  required?: readonly Permission[];
  /** At least one of these is needed too: pages several roles reach (the annotator). */
  anyOf?: readonly Permission[];
  /** Told to the user when the permission guard turns them away (a danger toast). */
  deniedMessage?: string;
  /** The page works only on a team sub-domain. */
  needsTeam?: boolean;
  pathname: string;
  /** Path plus query, used as the `target` of redirects. */
  fullPath: string;
  /** The `target` query parameter of this page, if any. */
  target: string | null;
  hasToken: boolean;
  /** undefined while loading. */
  user: User | undefined;
  teamSlug: string | null;
  /** Permissions held in this team; undefined until loaded. */
  held: readonly string[] | undefined;
  /** How many times the permission check has waited so far. */
  permissionTries: number;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'wait'; for: 'user' | 'permissions' }
  | { type: 'redirect'; to: string; notice?: string }
  | { type: 'leaveToBase' }
  | { type: 'error'; status: 500; guard: string };

const withTarget = (path: string, target: string) => `${path}?target=${encodeURIComponent(target)}`;

function check(guard: string, i: GuardInput): GuardDecision {
  switch (guard) {
    case 'auth':
      if (!i.hasToken) return { type: 'redirect', to: withTarget('/login', i.fullPath) };
      return i.user ? { type: 'allow' } : { type: 'wait', for: 'user' };
    case 'guest':
      if (!i.hasToken) return { type: 'allow' };
      if (!i.user) return { type: 'wait', for: 'user' };
      return { type: 'redirect', to: safeRedirect(i.target, '/dashboard') };
    case 'verified':
      if (!i.user) return i.hasToken ? { type: 'wait', for: 'user' } : { type: 'allow' };
      if (i.user.email_verified_at)
        return i.pathname === '/verify' ? { type: 'redirect', to: '/' } : { type: 'allow' };
      if (i.pathname === '/verify') return { type: 'allow' };
      return { type: 'redirect', to: withTarget('/verify', safeRedirect(i.target, i.fullPath)) };
    case 'checkTeam':
      if (i.teamSlug) {
        if (!i.user) return i.hasToken ? { type: 'wait', for: 'user' } : { type: 'allow' };
        return i.user.teams.some((t) => t.slug === i.teamSlug) ? { type: 'allow' } : { type: 'leaveToBase' };
      }
      return i.needsTeam ? { type: 'redirect', to: '/dashboard' } : { type: 'allow' };
    case 'permission': {
      if (!i.required?.length && !i.anyOf?.length) return { type: 'allow' };
      if (!i.user) return { type: 'wait', for: 'user' };
      if (i.user.is_admin) return { type: 'allow' };
      const denied: GuardDecision = { type: 'redirect', to: '/dashboard' };
      if (i.deniedMessage) denied.notice = i.deniedMessage;
      if (!i.held) {
        return i.permissionTries >= PERMISSION_ROUTE_RETRIES ? denied : { type: 'wait', for: 'permissions' };
      }
      const holds = (p: Permission) => can(i.user, i.held, p);
      const allowed = (i.required ?? []).every(holds) && (!i.anyOf?.length || i.anyOf.some(holds));
      return allowed ? { type: 'allow' } : denied;
    }
    default:
      return { type: 'error', status: 500, guard };
  }
}

/** Runs the route's guards in order; the first one that does not allow decides. */
export function decideGuards(input: GuardInput): GuardDecision {
  const unknown = input.guards.find((g) => !(KNOWN_GUARDS as readonly string[]).includes(g));
  if (unknown) return { type: 'error', status: 500, guard: unknown };
  for (const guard of input.guards) {
    const decision = check(guard, input);
    if (decision.type !== 'allow') return decision;
  }
  return { type: 'allow' };
}
