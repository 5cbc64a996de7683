import { STORAGE_KEYS } from '@voxa/contracts';

/**
 * Favourite studies (teams-and-account.md section 3): a list of study uuids kept in the browser under the
 * storage key `favorite`; other open tabs hear of changes through a broadcast message.
 */
export const FAVORITES_CHANNEL = 'favorite';

/** The stored list, or none when the value is missing or not a list of strings. */
export function parseFavorites(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds the uuid when absent, removes it when present; the order of the others is kept. */
export function toggleFavorite(favorites: readonly string[], uuid: string): string[] {
  return favorites.includes(uuid) ? favorites.filter((f) => f !== uuid) : [...favorites, uuid];
}

export function readFavorites(): string[] {
  try {
    return parseFavorites(localStorage.getItem(STORAGE_KEYS.favorite));
  } catch {
    return [];
  }
}

/** Stores the list and tells the other tabs (this tab's listeners are called by the caller). */
export function writeFavorites(favorites: readonly string[]): void {
  localStorage.setItem(STORAGE_KEYS.favorite, JSON.stringify(favorites));
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(FAVORITES_CHANNEL);
  channel.postMessage(favorites);
  channel.close();
}
