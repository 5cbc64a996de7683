import { STORAGE_KEYS } from '@voxa/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { parseFavourites, removeFavourite, toggleFavourite, type Favourites } from './favourites';

const KEY = STORAGE_KEYS.favorite;
const listeners = new Set<() => void>();
/** Tells the other open tabs of the same origin; 'storage' events cover the rest. */
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(KEY) : null;

let cachedRaw: string | null | undefined;
let cached: Favourites = [];

function read(): Favourites {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // storage blocked: no favourites
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseFavourites(raw);
  }
  return cached;
}

const notify = () => listeners.forEach((listener) => listener());

function write(next: Favourites): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    return;
  }
  notify();
  channel?.postMessage(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  channel?.addEventListener('message', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    channel?.removeEventListener('message', listener);
  };
}

/** The favourite studies of this browser, the same in every open tab. */
export function useFavourites() {
  const favourites = useSyncExternalStore(subscribe, read, () => []);
  const toggle = useCallback((uuid: string) => write(toggleFavourite(read(), uuid)), []);
  const remove = useCallback((uuid: string) => write(removeFavourite(read(), uuid)), []);
  return { favourites, toggle, remove };
}
