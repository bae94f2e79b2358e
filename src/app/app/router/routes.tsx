// Routes of spec §2. All but /login and the 404 page sit behind the auth guard; each
// screen has its permission guard (spec §6) and its error boundary.
// Declarative routing (useRoutes inside <BrowserRouter>): the app has no loaders or
// actions, and the data router would add ~16 KB gzip to every page's JavaScript.
import { Suspense, type ComponentType } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import type { Permission } from '../../../shared/permissions';
import { LoadingState } from '../../components/spinner';
import * as Screens from './lazy-screens';
import { NotFoundPage } from './not-found-page';
import { PermissionGuard } from './permission-guard';
import { RedirectIfAuthenticated, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';

function Root() {
  return (
    <Suspense fallback={<LoadingState text="Carregando..." fullPage />}>
      <Outlet />
    </Suspense>
  );
}

function screen(path: string | undefined, Screen: ComponentType, permission?: Permission): RouteObject {
  const element = (
    <RouteErrorBoundary>
      <PermissionGuard permission={permission}>
        <Screen />
      </PermissionGuard>
    </RouteErrorBoundary>
  );
  return path === undefined ? { index: true, element } : { path, element };
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
        path: 'login',
        element: (
          <RedirectIfAuthenticated>
            <Screens.LoginScreen />
          </RedirectIfAuthenticated>
        ),
      },
      {
        element: (
          <RequireAuth>
            <Screens.AppLayout />
          </RequireAuth>
        ),
        children: [
          screen(undefined, Screens.DashboardScreen, 'dashboard.view'),
          screen('produtos', Screens.ProductsScreen, 'products.read'),
          screen('clientes', Screens.CustomersScreen, 'customers.read'),
          screen('vendas', Screens.SalesScreen, 'sales.create'),
          screen('pagar', Screens.PayablesScreen, 'accounts_payable.read'),
          screen('receber', Screens.ReceivablesScreen, 'accounts_receivable.read'),
          screen('fluxo-caixa', Screens.CashFlowScreen, 'cash_flow.read'),
          screen('relatorios-financeiros', Screens.ReportsScreen, 'reports.read'),
          screen('conflitos', Screens.ConflictsScreen, 'sales.conflicts'),
          screen('configuracoes', Screens.SettingsScreen),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The route tree; render inside a router (<BrowserRouter> in the app, <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
