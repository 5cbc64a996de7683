import { createBrowserRouter, type RouteObject } from 'react-router';
import { ClearLayout } from './layouts/ClearLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { HomepageLayout } from './layouts/HomepageLayout';
import { LoginLayout } from './layouts/LoginLayout';
import { RootRoute } from './RootRoute';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { NotFoundPage } from './errors/NotFoundPage';
import type { LayoutName, PageRoute } from './routeMeta';
import { ROUTES } from './routes';
import { PageLoader } from '../ui/PageLoader';

function pageRoute(route: PageRoute): RouteObject {
  const { path, load, layout: _layout, ...meta } = route;
  return { path, handle: meta, lazy: async () => ({ Component: await load() }) };
}

function layoutRoute(layout: LayoutName): RouteObject {
  const children = ROUTES.filter((r) => r.layout === layout).map(pageRoute);
  switch (layout) {
    // The app shell (Mantine AppShell, sidebar, socket) loads only with the first app page.
    case 'app':
      return { lazy: async () => ({ Component: (await import('./layouts/AppLayout')).AppLayout }), children };
    case 'clear':
      return { Component: ClearLayout, children };
    case 'default':
      return { Component: DefaultLayout, children: [...children, { path: '*', Component: NotFoundPage }] };
    case 'homepage':
      return { Component: HomepageLayout, children };
    case 'login':
      return { Component: LoginLayout, children };
  }
}

const LAYOUTS: LayoutName[] = ['homepage', 'login', 'clear', 'app', 'default'];

export const router = createBrowserRouter([
  {
    Component: RootRoute,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: LAYOUTS.map(layoutRoute),
  },
]);
