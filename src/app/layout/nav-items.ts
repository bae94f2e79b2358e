// Sidebar entries (from the route table, in the order of spec §2); admin-only entries
// hidden from users.
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
import { SCREEN_ROUTES, type NavIcon } from '../app/router/route-table';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  adminOnly: boolean;
}

const ICONS: Record<NavIcon, NavItem['icon']> = {
  dashboard: DashboardIcon,
  payable: PayableIcon,
  receivable: ReceivableIcon,
  cashFlow: CashFlowIcon,
  package: PackageIcon,
  users: UsersIcon,
  cart: CartIcon,
  report: ReportIcon,
  alert: AlertIcon,
  settings: SettingsIcon,
};

export const NAV_ITEMS: readonly NavItem[] = SCREEN_ROUTES.flatMap(({ segment, nav }) =>
  nav ? [{ to: `/${segment}`, label: nav.label, icon: ICONS[nav.icon], adminOnly: nav.adminOnly }] : [],
);

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}
