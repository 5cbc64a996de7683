import { MESSAGES } from '@voxa/contracts';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { guardedReload, isChunkLoadError } from '../../lib/reload';
import { ErrorMessage } from '../../ui/ErrorMessage';

/** Error boundary of every route: 404 page, chunk-load recovery, or the generic render error. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (chunk) guardedReload();
    else console.error(error);
  }, [chunk, error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorMessage status={404} message={MESSAGES.notFound} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : (error as { status?: number } | null)?.status;
  return <ErrorMessage status={typeof status === 'number' ? status : 500} message={MESSAGES.renderError} />;
}
