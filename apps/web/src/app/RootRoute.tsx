import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { checkVersion, clickLabel, logEvent } from '../lib/tracking';
import { NavigationProgress } from '../ui/NavigationProgress';
import { isRouteMeta } from './routeMeta';

const CLICK_LOG_INTERVAL_MS = 1000;

/** Work done on every route change: page title, usage log, new-build check, the loading bar. */
export function RootRoute() {
  const location = useLocation();
  const matches = useMatches();
  const meta = matches.map((m) => m.handle).findLast(isRouteMeta);
  const lastClick = useRef(0);

  useEffect(() => {
    document.title = meta && meta.title !== 'Voxa' ? `${meta.title} · Voxa` : 'Voxa';
  }, [meta]);

  useEffect(() => {
    logEvent('route', location.pathname + location.search);
    if (import.meta.env.PROD) void checkVersion();
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const now = Date.now();
      if (now - lastClick.current < CLICK_LOG_INTERVAL_MS) return;
      const label = clickLabel(event.target);
      if (!label) return;
      lastClick.current = now;
      logEvent('click', location.pathname, label);
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, [location.pathname]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
