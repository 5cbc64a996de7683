import type { ServerKeys } from '../../platform/server-keys';
import { deriveKey } from '../../platform/secrets';

/**
 * A team's de-identification key, derived from the server's secret: nothing to store, the same in every
 * process, and out of reach of a database dump when APP_SECRET is configured. Changing APP_SECRET changes
 * every pseudonym from then on, so it is set once.
 */
export function teamKey(keys: ServerKeys, teamId: number): Buffer {
  return deriveKey(keys.deidentify, `team:${teamId}`);
}
