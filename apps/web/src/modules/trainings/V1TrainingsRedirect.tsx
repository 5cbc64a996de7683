import { Navigate, useLocation, useSearchParams } from 'react-router';
import { v2TrainingPathOf } from './paths';

/** /ai-trainings, /ai-trainings/detail?id=, /ai-trainings/detail-mi?id=: the v2 page showing the same. */
export function V1TrainingsRedirect() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return <Navigate to={v2TrainingPathOf(pathname, search)} replace />;
}
