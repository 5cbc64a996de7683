import * as api from '@voxa/contracts/areas';
import { STORAGE_KEYS } from '@voxa/contracts';
import { call } from './api';
import { guardedReload } from './reload';
import { getToken } from './storage';

/** Fire-and-forget usage log of a signed-in user (route changes and clicks). */
export function logEvent(type: 'route' | 'click', path: string, data?: string): void {
  if (!getToken()) return;
  const query = { app: 'web', type, path: path.slice(0, 2048), data: data?.slice(0, 4000) };
  call(api.logs.create, { query, quiet: true }).catch(() => undefined);
}

/** A new build is out when /version.json differs from the version this bundle was built with. */
export function isNewVersion(embedded: string, served: unknown): boolean {
  return typeof served === 'string' && served !== '' && served !== embedded;
}

export async function checkVersion(): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.appVersion, __APP_VERSION__);
  try {
    const res = await fetch('/version.json', { cache: 'no-store' });
    if (!res.ok) return;
    const { version } = (await res.json()) as { version?: unknown };
    if (isNewVersion(__APP_VERSION__, version)) guardedReload();
  } catch {
    // Offline or no version file (dev server): keep running this build.
  }
}

/** Short description of what was clicked: the text or label of the nearest button or link. */
export function clickLabel(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest(
    'button, a, [role="button"], [role="menuitem"], [role="tab"], input[type="checkbox"]',
  );
  if (!el) return null;
  const text = el.getAttribute('aria-label') || el.textContent || el.getAttribute('href') || '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
}
