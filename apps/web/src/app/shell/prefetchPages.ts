import { PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_MARK } from '@voxa/contracts';
import { useEffect } from 'react';
import type { PageRoute } from '../routeMeta';
import { ROUTES } from '../routes';

/** What the Network Information API tells, where the browser has it (Chromium). */
interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The pages the links lead to (a link's address is its page's path), in the links' order. */
export function linkedPages(paths: readonly string[], routes: readonly PageRoute[]): PageRoute[] {
  return paths.flatMap((to) => routes.find((route) => route.path === to) ?? []);
}

/** Not when the user asked the browser to save data, nor over a 2G link: code not needed yet waits. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  return !connection?.saveData && !/(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/** Runs `task` when the browser is idle, at the latest after the prefetch timeout; answers its cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, PREFETCH_IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

/**
 * Loads the code of the pages these links lead to, one at a time, each when the browser is idle, once
 * for the links shown (the browser keeps each module once loaded). A failure is left for the page's own
 * load to meet, where the route's error page handles it.
 */
export function usePrefetchPages(paths: readonly string[]): void {
  const key = paths.join('\n');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!key || !prefetchAllowed(connection)) return;
    const pages = linkedPages(key.split('\n'), ROUTES);
    let cancel: (() => void) | undefined;
    let stopped = false;
    const loadFrom = (index: number) => {
      const page = pages[index];
      if (stopped || !page) return;
      cancel = whenIdle(() => {
        if (index === 0) performance.mark(PREFETCH_MARK);
        void page
          .load()
          .catch(() => undefined)
          .then(() => loadFrom(index + 1));
      });
    };
    loadFrom(0);
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [key]);
}
