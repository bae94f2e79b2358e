// Every screen of the app, once: its address, the module that draws it, who may open it
// and its menu entry. The router (routes.tsx), the lazy chunks (lazy-screens.ts), the
// sidebar (layout/nav-items.ts) and the build's page per address (vite.config.ts) are all
// derived from this list. Plain data: vite.config.ts reads it at build time.
import type { Permission } from '../../../shared/permissions';

/** Sidebar icons by name (components/icons.tsx draws them). */
export type NavIcon =
  'dashboard' | 'payable' | 'receivable' | 'cashFlow' | 'package' | 'users' | 'cart' | 'report' | 'alert' | 'settings';

export interface ScreenRoute {
  /** The first segment of the address ('' is the dashboard at /). */
  segment: string;
  /** The screen's module, from src/app. */
  module: string;
  /** The component the module exports. */
  component: string;
  /** The permission the screen's guard asks (spec §6); absent: admins only. */
  permission?: Permission;
  /** The sidebar entry, in the sidebar's order (spec §2); absent: no entry. */
  nav?: { label: string; icon: NavIcon; adminOnly: boolean };
}

/** The signed-in screens, in the sidebar's order. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  {
    segment: '',
    module: 'features/dashboard/dashboard-screen.tsx',
    component: 'DashboardScreen',
    permission: 'dashboard.view',
    nav: { label: 'Dashboard', icon: 'dashboard', adminOnly: false },
  },
  {
    segment: 'pagar',
    module: 'features/payables/payables-screen.tsx',
    component: 'PayablesScreen',
    permission: 'accounts_payable.read',
    nav: { label: 'Contas a Pagar', icon: 'payable', adminOnly: true },
  },
  {
    segment: 'receber',
    module: 'features/receivables/receivables-screen.tsx',
    component: 'ReceivablesScreen',
    permission: 'accounts_receivable.read',
    nav: { label: 'Contas a Receber', icon: 'receivable', adminOnly: false },
  },
  {
    segment: 'fluxo-caixa',
    module: 'features/cash-flow/cash-flow-screen.tsx',
    component: 'CashFlowScreen',
    permission: 'cash_flow.read',
    nav: { label: 'Fluxo de Caixa', icon: 'cashFlow', adminOnly: false },
  },
  {
    segment: 'produtos',
    module: 'features/products/products-screen.tsx',
    component: 'ProductsScreen',
    permission: 'products.read',
    nav: { label: 'Produtos', icon: 'package', adminOnly: false },
  },
  {
    segment: 'clientes',
    module: 'features/customers/customers-screen.tsx',
    component: 'CustomersScreen',
    permission: 'customers.read',
    nav: { label: 'Clientes', icon: 'users', adminOnly: false },
  },
  {
    segment: 'vendas',
    module: 'features/sales/sales-screen.tsx',
    component: 'SalesScreen',
    permission: 'sales.create',
    nav: { label: 'Nova Venda', icon: 'cart', adminOnly: false },
  },
  {
    // Beyond spec §2: the store's sales, with their detail and cancel (a cashier: today's).
    segment: 'historico-vendas',
    module: 'features/history/history-screen.tsx',
    component: 'HistoryScreen',
    permission: 'sales.read',
    nav: { label: 'Histórico de Vendas', icon: 'report', adminOnly: false },
  },
  {
    // Beyond spec §2: the store's NFC-e (issue 33), admins only.
    segment: 'notas-fiscais',
    module: 'features/fiscal-notes/fiscal-notes-screen.tsx',
    component: 'FiscalNotesScreen',
    permission: 'fiscal.settings',
    nav: { label: 'Notas Fiscais', icon: 'report', adminOnly: true },
  },
  {
    // Beyond spec §2: goods in from a supplier's NF-e.
    segment: 'entradas',
    module: 'features/stock-entries/stock-entries-screen.tsx',
    component: 'StockEntriesScreen',
    permission: 'stock_entries.write',
    nav: { label: 'Entrada de Mercadorias', icon: 'package', adminOnly: true },
  },
  {
    // Beyond spec §2: spreadsheets in (Produtos > Importar); no menu entry of its own.
    segment: 'importar',
    module: 'features/imports/imports-screen.tsx',
    component: 'ImportsScreen',
    permission: 'imports.write',
  },
  {
    // Beyond spec §2: price labels with barcodes, printed on label sheets or a roll.
    segment: 'etiquetas',
    module: 'features/labels/labels-screen.tsx',
    component: 'LabelsScreen',
    permission: 'products.write',
    nav: { label: 'Etiquetas', icon: 'package', adminOnly: true },
  },
  {
    // Beyond spec §2: the stock count (Inventário).
    segment: 'inventario',
    module: 'features/stock-counts/stock-counts-screen.tsx',
    component: 'StockCountsScreen',
    permission: 'stock_counts.write',
    nav: { label: 'Inventário', icon: 'package', adminOnly: true },
  },
  {
    // Beyond spec §2: the till sessions (admins every one, a cashier their own).
    segment: 'caixas',
    module: 'features/caixa/caixas-screen.tsx',
    component: 'CaixasScreen',
    permission: 'sales.create',
    nav: { label: 'Caixas', icon: 'cashFlow', adminOnly: false },
  },
  {
    segment: 'relatorios-financeiros',
    module: 'features/reports/reports-screen.tsx',
    component: 'ReportsScreen',
    permission: 'reports.read',
    nav: { label: 'Relatórios Financeiros', icon: 'report', adminOnly: true },
  },
  {
    // Beyond spec §2: where admins review the sales the server recorded with a conflict.
    segment: 'conflitos',
    module: 'features/conflicts/conflicts-screen.tsx',
    component: 'ConflictsScreen',
    permission: 'sales.conflicts',
    nav: { label: 'Conflitos de Vendas', icon: 'alert', adminOnly: true },
  },
  {
    segment: 'configuracoes',
    module: 'features/settings/settings-screen.tsx',
    component: 'SettingsScreen',
    nav: { label: 'Configurações', icon: 'settings', adminOnly: true },
  },
];

/** The sign-in screen (outside the layout) and the layout around every signed-in screen. */
export const LOGIN_SCREEN = { segment: 'login', module: 'features/login/login-screen.tsx', component: 'LoginScreen' };
export const LAYOUT = { module: 'layout/app-layout.tsx', component: 'AppLayout' };
