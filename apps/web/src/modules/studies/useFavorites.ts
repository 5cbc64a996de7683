import { useCallback, useSyncExternalStore } from 'react';
import { FAVORITES_CHANNEL, readFavorites, toggleFavorite, writeFavorites } from './favorites';

const listeners = new Set<() => void>();
let snapshot = readFavorites();

function refresh() {
  snapshot = readFavorites();
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(FAVORITES_CHANNEL);
  if (channel) channel.onmessage = refresh;
  return () => {
    listeners.delete(listener);
    channel?.close();
  };
}

/** The favourite study uuids of this browser, shared by every open tab, and a toggle. */
export function useFavorites() {
  const favorites = useSyncExternalStore(subscribe, () => snapshot);
  const toggle = useCallback((uuid: string) => {
    writeFavorites(toggleFavorite(readFavorites(), uuid));
    refresh();
  }, []);
  return { favorites, toggle };
}
