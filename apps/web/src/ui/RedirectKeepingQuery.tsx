import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';

/** A page that stands for another (an older address of it): it shows that one, its query kept. */
export function redirectKeepingQuery(to: string): ComponentType {
  return function RedirectKeepingQuery() {
    const { search } = useLocation();
    return <Navigate to={`${to}${search}`} replace />;
  };
}
