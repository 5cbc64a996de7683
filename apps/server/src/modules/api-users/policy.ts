import type { ApiTokenState } from '@voxa/contracts';

/** How long a token's last use may lag: it is written at most this often, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;
/** Characters of a token shown to tell it apart: the prefix `vxa_` and a few of the secret. */
export const SHOWN_PREFIX_LENGTH = 10;

interface TokenDates {
  expires_at: Date | null;
  revoked_at: Date | null;
}

/** A token works until revoked and, when it has an expiry, until then (the expiry instant is expired). */
export function tokenState(token: TokenDates, now: Date): ApiTokenState {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && token.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Why a token cannot be created with this expiry, or null: an expiry must lie in the future. */
export function expiryRefusal(expiresAt: Date | null, now: Date): string | null {
  return expiresAt && expiresAt.getTime() <= now.getTime() ? 'The expiry must lie in the future.' : null;
}

/** Whether a use should be written: never written yet, or the last written is older than LAST_USED_EVERY_MS. */
export function lastUseIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
}
