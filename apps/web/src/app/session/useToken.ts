import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../lib/storage';

/** The current auth token; components re-render when it is stored or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
