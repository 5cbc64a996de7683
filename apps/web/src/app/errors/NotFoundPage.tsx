import { MESSAGES } from '@voxa/contracts';
import { ErrorMessage } from '../../ui/ErrorMessage';

export function NotFoundPage() {
  return <ErrorMessage status={404} message={MESSAGES.notFound} />;
}
