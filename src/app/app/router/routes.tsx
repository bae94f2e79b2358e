// Routes of spec §2. All but /login and the 404 page sit behind the auth guard; each
// screen has its permission guard (spec §6) and its error boundary.
// Declarative routing (useRoutes inside <BrowserRouter>): the app has no loaders or
// actions, and the data router would add ~16 KB gzip to every page's JavaScript.
import { Suspense, type ComponentType } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import type { Permission } from '../../../shared/permissions';
import { LoadingState } from '../../components/spinner';
import { AppLayout, LoginScreen, screenOf } from './lazy-screens';
import { NotFoundPage } from './not-found-page';
import { PermissionGuard } from './permission-guard';
import { RedirectIfAuthenticated, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { LOGIN_SCREEN, SCREEN_ROUTES } from './route-table';

function Root() {
  return (
    <Suspense fallback={<LoadingState text="Carregando..." fullPage />}>
      <Outlet />
    </Suspense>
  );
}

function screen(segment: string, Screen: ComponentType, permission?: Permission): RouteObject {
  const element = (
    <RouteErrorBoundary>
      <PermissionGuard permission={permission}>
        <Screen />
      </PermissionGuard>
    </RouteErrorBoundary>
  );
  return segment === '' ? { index: true, element } : { path: segment, element };
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <Root />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: LOGIN_SCREEN.segment,
        element: (
          <RedirectIfAuthenticated>
            <LoginScreen />
          </RedirectIfAuthenticated>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [...SCREEN_ROUTES.map((route) => screen(route.segment, screenOf(route.segment), route.permission))],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The route tree; render inside a router (<BrowserRouter> in the app, <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
