// Sidebar entries in the order of spec §2; admin-only entries hidden from users.
import type { ComponentType, SVGProps } from 'react';
import {
  AlertIcon,
  CartIcon,
  CashFlowIcon,
  DashboardIcon,
  PackageIcon,
  PayableIcon,
  ReceivableIcon,
  ReportIcon,
  SettingsIcon,
  UsersIcon,
} from '../components/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  adminOnly: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', icon: DashboardIcon, adminOnly: false },
  { to: '/pagar', label: 'Contas a Pagar', icon: PayableIcon, adminOnly: true },
  { to: '/receber', label: 'Contas a Receber', icon: ReceivableIcon, adminOnly: false },
  { to: '/fluxo-caixa', label: 'Fluxo de Caixa', icon: CashFlowIcon, adminOnly: false },
  { to: '/produtos', label: 'Produtos', icon: PackageIcon, adminOnly: false },
  { to: '/clientes', label: 'Clientes', icon: UsersIcon, adminOnly: false },
  { to: '/vendas', label: 'Nova Venda', icon: CartIcon, adminOnly: false },
  { to: '/relatorios-financeiros', label: 'Relatórios Financeiros', icon: ReportIcon, adminOnly: true },
  // Not in spec §2: where admins review sale conflicts (issue 10 §1).
  { to: '/conflitos', label: 'Conflitos de Vendas', icon: AlertIcon, adminOnly: true },
  { to: '/configuracoes', label: 'Configurações', icon: SettingsIcon, adminOnly: true },
];

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}
