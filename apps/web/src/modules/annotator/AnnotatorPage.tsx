import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/errors/NotFoundPage';
import { RealtimeContext, useRealtime } from '../../app/session/useRealtime';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { PageLoader } from '../../ui/PageLoader';
import { CaseWorkspace } from './CaseWorkspace';
import { parseCaseQuery } from './caseQuery';
import { useAnnotatorSignIn } from './useAnnotatorSignIn';
import { useCase } from './useCase';
import { prefetchVolume } from './volumeRequest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A case another team owns, or no case at all, is a plain 404 page, never an empty viewer. */
const isNotFound = (error: unknown) => error instanceof ApiRequestError && [404, 422].includes(error.status);

/** /annotator/case/{uuid}: a converted series opened in the viewer, after the annotator's sign-in. */
export function AnnotatorPage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const valid = UUID.test(uuid);
  const signIn = useAnnotatorSignIn();
  const signed = valid && signIn.status === 'signed';
  const kase = useCase(uuid.toLowerCase(), signed);
  // The tab joins the user's socket as the app's pages do: review decisions reach it without a reload.
  const socket = useRealtime(
    signIn.status === 'signed' ? signIn.signIn.token : null,
    signIn.status === 'signed' ? signIn.signIn.id : undefined,
  );
  // The case opens on its own series' first volume: ask for it beside the case.
  useEffect(() => {
    if (signed) prefetchVolume(uuid.toLowerCase(), 0);
  }, [signed, uuid]);

  if (!valid) return <NotFoundPage />;
  if (signIn.status === 'failed')
    return signIn.httpStatus === 404 ? (
      <NotFoundPage />
    ) : (
      <ErrorMessage
        status={signIn.httpStatus ?? 401}
        message="You could not be signed in to the annotator."
      />
    );
  if (kase.error)
    return isNotFound(kase.error) ? (
      <NotFoundPage />
    ) : (
      <ErrorMessage
        status={kase.error instanceof ApiRequestError ? kase.error.status : 500}
        message={errorMessage(kase.error)}
      />
    );
  if (!kase.data || signIn.status !== 'signed') return <PageLoader />;
  return (
    <RealtimeContext.Provider value={socket}>
      <CaseWorkspace
        key={kase.data.uuid}
        kase={kase.data}
        query={parseCaseQuery(search)}
        userId={signIn.signIn.id}
      />
    </RealtimeContext.Provider>
  );
}
