// The permission table of spec §6, used by the server (route checks) and the client
// (menu, guards). Admin has every permission; user only the listed ones.

export const PERMISSIONS = [
  'dashboard.view',
  'alerts.read',
  'products.read',
  'products.write',
  'customers.read',
  'customers.write',
  'sales.read',
  'sales.create',
  'sales.update',
  'sales.cancel',
  /** the conflicts list of sales (stock, price, clock): admins only */
  'sales.conflicts',
  'accounts_payable.read',
  'accounts_payable.write',
  'accounts_receivable.read',
  'accounts_receivable.write',
  'cash_flow.read',
  'cash_flow.write',
  'reports.read',
  'expense_categories.read',
  'expense_categories.write',
  'company.read',
  'company.write',
  'users.read',
  'users.write',
  'sync.manage',
  /** goods in from suppliers' NF-e ('Entrada de Mercadorias'): admins only */
  'stock_entries.read',
  'stock_entries.write',
  /** Inventário (stock counts): admins only */
  'stock_counts.read',
  'stock_counts.write',
  /** spreadsheet imports (products, customers, open crediário): admins only */
  'imports.read',
  'imports.write',
  /** the NFC-e setup (emitter, CSC, A1 certificate, series): admins only */
  'fiscal.settings',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  user: [
    'dashboard.view',
    'sales.read',
    'sales.create',
    'products.read',
    'customers.read',
    'cash_flow.read',
    'accounts_receivable.read',
    'alerts.read',
  ],
};

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The screen guard of spec §6: with a key, the user needs it; without one, admins only. */
export function guardAllows(role: Role | null | undefined, permission?: Permission): boolean {
  return permission ? hasPermission(role, permission) : role === 'admin';
}

/** Non-admins see only today's data (spec §6), enforced on the server too. */
export function isDayScoped(role: Role): boolean {
  return role !== 'admin';
}
