// Every screen is its own chunk so /login loads little JavaScript. The chunks are also
// fetched ahead of need (preloadRoute): at start for the address being opened, so the
// session check, the layout and the screen load together instead of one after the other,
// and on intent (a pointer over, a touch on or focus on a link to another screen).
import { lazy, type ComponentType } from 'react';

type Load = () => Promise<unknown>;

/** Runs a chunk's import once; later calls (React.lazy's too) get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () =>
    (started ??= load().catch((err: unknown) => {
      started = null; // a chunk that failed (no network) is tried again next time
      throw err;
    }));
}

/** A lazy component over the same import a preload starts. */
function screen<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const load = {
  login: once(() => import('../../features/login/login-screen')),
  layout: once(() => import('../../layout/app-layout')),
  dashboard: once(() => import('../../features/dashboard/dashboard-screen')),
  products: once(() => import('../../features/products/products-screen')),
  customers: once(() => import('../../features/customers/customers-screen')),
  sales: once(() => import('../../features/sales/sales-screen')),
  payables: once(() => import('../../features/payables/payables-screen')),
  receivables: once(() => import('../../features/receivables/receivables-screen')),
  cashFlow: once(() => import('../../features/cash-flow/cash-flow-screen')),
  reports: once(() => import('../../features/reports/reports-screen')),
  settings: once(() => import('../../features/settings/settings-screen')),
  conflicts: once(() => import('../../features/conflicts/conflicts-screen')),
};

export const LoginScreen = screen(load.login, 'LoginScreen');
export const AppLayout = screen(load.layout, 'AppLayout');
export const DashboardScreen = screen(load.dashboard, 'DashboardScreen');
export const ProductsScreen = screen(load.products, 'ProductsScreen');
export const CustomersScreen = screen(load.customers, 'CustomersScreen');
export const SalesScreen = screen(load.sales, 'SalesScreen');
export const PayablesScreen = screen(load.payables, 'PayablesScreen');
export const ReceivablesScreen = screen(load.receivables, 'ReceivablesScreen');
export const CashFlowScreen = screen(load.cashFlow, 'CashFlowScreen');
export const ReportsScreen = screen(load.reports, 'ReportsScreen');
export const SettingsScreen = screen(load.settings, 'SettingsScreen');
export const ConflictsScreen = screen(load.conflicts, 'ConflictsScreen');

/** The signed-in screens by their first path segment (routes.tsx). */
const SCREENS: Record<string, Load> = {
  '': load.dashboard,
  produtos: load.products,
  clientes: load.customers,
  vendas: load.sales,
  pagar: load.payables,
  receber: load.receivables,
  'fluxo-caixa': load.cashFlow,
  'relatorios-financeiros': load.reports,
  configuracoes: load.settings,
  conflitos: load.conflicts,
};

/**
 * Starts loading the chunks a path needs: /login its screen; a signed-in screen the
 * layout and that screen. Unknown paths load nothing. A failed preload is forgotten: the
 * route's own import reports the error when it renders.
 */
export function preloadRoute(pathname: string): void {
  const segment = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  const loads = segment === 'login' ? [load.login] : SCREENS[segment] ? [load.layout, SCREENS[segment]] : [];
  for (const start of loads) start().catch(() => undefined);
}

/** Preloads the screen behind a same-origin link the person is about to use. */
export function preloadOnIntent(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) preloadRoute(link.pathname);
  };
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const name of events) root.addEventListener(name, onIntent, { passive: true });
  return () => {
    for (const name of events) root.removeEventListener(name, onIntent);
  };
}
