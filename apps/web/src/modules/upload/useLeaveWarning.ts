import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { LEAVE_UPLOAD_MESSAGE } from './state/leave';

/** Closing or reloading the tab while the upload is under way asks first (the browser's own dialog). */
export function useBeforeUnloadWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set; none shows the text any more.
      event.returnValue = LEAVE_UPLOAD_MESSAGE;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** Leaving the upload route inside the app asks with the spec's text; the upload then goes on in the mini panel. */
export function useLeaveRouteConfirm(active: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_UPLOAD_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
