import { formMessage } from '../lib/formErrors';
import { FormAlert } from './FormAlert';
import { PageLoader } from './PageLoader';

export interface DataStateProps {
  /** The query's error, if it failed. */
  error: unknown;
}

/** What a page shows while its data is not there: a loader, or the reason it failed. */
export function DataState({ error }: DataStateProps) {
  return error ? <FormAlert message={formMessage(error)} /> : <PageLoader />;
}
