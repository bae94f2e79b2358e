// Every screen is its own chunk so /login loads little JavaScript.
import { lazy } from 'react';

export const LoginScreen = lazy(() =>
  import('../../features/login/login-screen').then((m) => ({ default: m.LoginScreen })),
);
export const AppLayout = lazy(() => import('../../layout/app-layout').then((m) => ({ default: m.AppLayout })));
export const DashboardScreen = lazy(() =>
  import('../../features/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
);
export const ProductsScreen = lazy(() =>
  import('../../features/products/products-screen').then((m) => ({ default: m.ProductsScreen })),
);
export const CustomersScreen = lazy(() =>
  import('../../features/customers/customers-screen').then((m) => ({ default: m.CustomersScreen })),
);
export const SalesScreen = lazy(() =>
  import('../../features/sales/sales-screen').then((m) => ({ default: m.SalesScreen })),
);
export const PayablesScreen = lazy(() =>
  import('../../features/payables/payables-screen').then((m) => ({ default: m.PayablesScreen })),
);
export const ReceivablesScreen = lazy(() =>
  import('../../features/receivables/receivables-screen').then((m) => ({ default: m.ReceivablesScreen })),
);
export const CashFlowScreen = lazy(() =>
  import('../../features/cash-flow/cash-flow-screen').then((m) => ({ default: m.CashFlowScreen })),
);
export const ReportsScreen = lazy(() =>
  import('../../features/reports/reports-screen').then((m) => ({ default: m.ReportsScreen })),
);
export const SettingsScreen = lazy(() =>
  import('../../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })),
);
export const ConflictsScreen = lazy(() =>
  import('../../features/conflicts/conflicts-screen').then((m) => ({ default: m.ConflictsScreen })),
);
