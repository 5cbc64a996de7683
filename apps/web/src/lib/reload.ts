import { RELOAD_GUARD_MS } from '@voxa/contracts';

const KEY = 'voxa_last_reload';

/** A page reloads itself at most once per RELOAD_GUARD_MS, so a broken deploy cannot loop. */
export function mayReload(lastReload: number | null, now: number): boolean {
  return lastReload === null || now - lastReload >= RELOAD_GUARD_MS;
}

/** Reloads unless a reload already happened within the guard time; returns whether it reloaded. */
export function guardedReload(): boolean {
  const raw = sessionStorage.getItem(KEY);
  const now = Date.now();
  if (!mayReload(raw ? Number(raw) : null, now)) return false;
  sessionStorage.setItem(KEY, String(now));
  location.reload();
  return true;
}

/** Vite and browsers word a failed dynamic import differently. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}
