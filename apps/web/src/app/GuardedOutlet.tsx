import { notifications } from '@mantine/notifications';
import { PERMISSION_ROUTE_RETRY_MS } from '@voxa/contracts';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { goToBase } from '../lib/handoff';
import { currentTeamSlug } from '../lib/host';
import { PageLoader } from '../ui/PageLoader';
import { GuardError } from './errors/GuardError';
import { decideGuards } from './guards';
import { isRouteMeta } from './routeMeta';
import { usePermissions } from './session/usePermissions';
import { useToken } from './session/useToken';
import { useUser } from './session/useUser';

/** Renders the page only when every guard of its route allows it (spec section 2.2). */
export function GuardedOutlet() {
  const meta = useMatches()
    .map((m) => m.handle)
    .findLast(isRouteMeta);
  const location = useLocation();
  const [search] = useSearchParams();
  const token = useToken();
  const { data: user } = useUser();
  const { data: permissions } = usePermissions();
  const [tries, setTries] = useState(0);

  const decision = decideGuards({
    guards: meta?.guards ?? [],
    required: meta?.permissions,
    anyOf: meta?.anyPermissions,
    deniedMessage: meta?.deniedMessage,
    needsTeam: meta?.needsTeam,
    pathname: location.pathname,
    fullPath: location.pathname + location.search,
    target: search.get('target'),
    hasToken: Boolean(token),
    user,
    teamSlug: currentTeamSlug(),
    held: permissions?.permissions,
    permissionTries: tries,
  });
  const waitingForPermissions = decision.type === 'wait' && decision.for === 'permissions';

  useEffect(() => {
    if (!waitingForPermissions) return;
    setTries(0);
    const timer = setInterval(() => setTries((t) => t + 1), PERMISSION_ROUTE_RETRY_MS);
    return () => clearInterval(timer);
  }, [waitingForPermissions]);

  const notice = decision.type === 'redirect' ? decision.notice : undefined;
  useEffect(() => {
    if (notice) notifications.show({ color: 'red', message: notice });
  }, [notice]);

  const leaving = decision.type === 'leaveToBase';
  useEffect(() => {
    if (leaving) void goToBase('/dashboard');
  }, [leaving]);

  switch (decision.type) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'error':
      throw new GuardError(decision.guard);
    default:
      return <PageLoader />;
  }
}
