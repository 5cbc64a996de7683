import { Navigate, useLocation, useSearchParams } from 'react-router';
import { v2PathOf } from './paths';

/** /models, /models/create, /models/create_old, /models/detail?id=: the v2 page showing the same thing. */
export function V1ModelsRedirect() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return <Navigate to={v2PathOf(pathname, search)} replace />;
}
