import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/errors/NotFoundPage';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { PageLoader } from '../../ui/PageLoader';
import { CineViewer } from './CineViewer';
import { useCineFacts, useCineFrames } from './useCineApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Another team's series, or none: a plain 404 page, never an empty viewer. */
const isNotFound = (error: unknown) => error instanceof ApiRequestError && [404, 422].includes(error.status);

/** /mbg/{uuid}: the angiography (XA) viewer of a converted series, opened in its own tab. */
export function XaViewerPage() {
  const { uuid = '' } = useParams();
  return UUID.test(uuid) ? <XaViewer uuid={uuid.toLowerCase()} /> : <NotFoundPage />;
}

function XaViewer({ uuid }: { uuid: string }) {
  const facts = useCineFacts(uuid);
  const frames = useCineFrames(uuid);
  const error = facts.error ?? frames.error;
  if (error)
    return isNotFound(error) ? (
      <NotFoundPage />
    ) : (
      <ErrorMessage
        status={error instanceof ApiRequestError ? error.status : 500}
        message={errorMessage(error)}
      />
    );
  if (!facts.data || !frames.data) return <PageLoader />;
  return <CineViewer facts={facts.data} frames={frames.data} />;
}
