// Routes of spec §2. All but /login and the 404 page sit behind the auth guard; each
// screen has its permission guard (spec §6).
import { Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import type { Permission } from '../../../shared/permissions';
import { LoadingState } from '../../components/spinner';
import { ErrorPage } from './error-page';
import * as Screens from './lazy-screens';
import { NotFoundPage } from './not-found-page';
import { PermissionGuard } from './permission-guard';
import { RedirectIfAuthenticated, RequireAuth } from './require-auth';

function Root() {
  return (
    <Suspense fallback={<LoadingState text="Carregando..." fullPage />}>
      <Outlet />
    </Suspense>
  );
}

function screen(path: string | undefined, Screen: ComponentType, permission?: Permission): RouteObject {
  const element = (
    <PermissionGuard permission={permission}>
      <Screen />
    </PermissionGuard>
  );
  const errorElement = <ErrorPage />;
  return path === undefined ? { index: true, element, errorElement } : { path, element, errorElement };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <ErrorPage />,
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
          screen('configuracoes', Screens.SettingsScreen),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
