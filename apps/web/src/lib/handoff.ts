import * as api from '@voxa/contracts/areas';
import { call } from './api';
import { baseOrigin, teamOriginOf } from './host';
import { clearPermissionCache, getToken } from './storage';

/**
 * Full-page move to another origin (a team sub-domain or the base address) keeping the session:
 * a single-use handoff code travels in the URL and /auth/handoff there trades it for a token.
 */
export async function goToOrigin(origin: string, to = '/dashboard'): Promise<void> {
  clearPermissionCache();
  if (origin === location.origin) {
    location.assign(to);
    return;
  }
  if (!getToken()) {
    location.assign(origin + to);
    return;
  }
  try {
    const { code } = await call(api.accounts.createHandoff, { quiet: true });
    location.assign(`${origin}/auth/handoff?code=${encodeURIComponent(code)}&to=${encodeURIComponent(to)}`);
  } catch {
    location.assign(origin + to);
  }
}

export function goToTeam(slug: string, to = '/dashboard'): Promise<void> {
  return goToOrigin(teamOriginOf(slug), to);
}

export function goToBase(to = '/dashboard'): Promise<void> {
  return goToOrigin(baseOrigin(), to);
}
