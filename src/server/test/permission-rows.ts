// The rows of the permission matrix (permissions.test.ts): each /api route of the app with
// what a cashier and an admin get (spec §6). Sign-in, catalogue, users, company, sales,
// returns and caixa here; the back office's rows in permission-rows-back-office.ts.
import { randomUUID } from 'node:crypto';
import { DEMO } from '../demo/seed';
import { ownSession, saleBody, saleFixture, uniq, type Row } from './permission-fixtures';
import { BACK_OFFICE_ROWS } from './permission-rows-back-office';

export const ROWS: Row[] = [
  { route: 'GET /api/auth/me', cashier: 200, admin: 200 },
  {
    route: 'POST /api/auth/credit-approval',
    body: () => ({ email: DEMO.admin.email, password: DEMO.admin.password, sale_id: randomUUID(), amount: 10 }),
    cashier: 200,
    admin: 200,
  },
  {
    route: 'POST /api/auth/return-approval',
    body: () => ({
      email: DEMO.admin.email,
      password: DEMO.admin.password,
      sale_id: randomUUID(),
      return_id: randomUUID(),
      amount: 10,
    }),
    cashier: 200,
    admin: 200,
  },
  { route: 'GET /api/products', cashier: 200, admin: 200 },
  { route: 'GET /api/products/:id', id: 'product', cashier: 200, admin: 200 },
  { route: 'GET /api/products/:id/stock-movements', id: 'product', cashier: 200, admin: 200 },
  { route: 'POST /api/products', body: () => ({ sku: `M-${uniq()}`, name: 'Matriz' }), cashier: 403, admin: 201 },
  { route: 'PUT /api/products/:id', id: 'product', body: () => ({ name: 'Matriz 2' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/products/:id', id: 'product', cashier: 403, admin: 200 },
  { route: 'GET /api/customers', cashier: 200, admin: 200 },
  { route: 'GET /api/customers/:id', id: 'customer', cashier: 200, admin: 200 },
  { route: 'GET /api/customers/:id/store-credit', id: 'customer', cashier: 200, admin: 200 },
  { route: 'GET /api/customers/:id/crediario', id: 'customer', cashier: 200, admin: 200 },
  { route: 'POST /api/customers', body: () => ({ name: 'Cliente Matriz' }), cashier: 403, admin: 201 },
  { route: 'PUT /api/customers/:id', id: 'customer', body: () => ({ city: 'Natal' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/customers/:id', id: 'customer', cashier: 403, admin: 200 },
  { route: 'GET /api/users', cashier: 403, admin: 200 },
  {
    route: 'POST /api/users',
    body: () => ({ name: 'Usuário Matriz', email: `u${uniq()}@demo.com`, role: 'user', password: 'senha123' }),
    cashier: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/users/:id',
    id: 'user',
    body: () => ({ name: 'Usuário Matriz', email: `u${uniq()}@demo.com`, role: 'user', active: true }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/users/:id', id: 'user', cashier: 403, admin: 200 },
  { route: 'GET /api/company/me', cashier: 403, admin: 200 },
  // What receipts print of the store: the till prints them, so cashiers read it.
  { route: 'GET /api/company/receipt-header', cashier: 200, admin: 200 },
  { route: 'PUT /api/company/me', body: () => ({ name: 'Loja Demo' }), cashier: 403, admin: 200 },
  { route: 'GET /api/company', cashier: 403, admin: 200 },
  // Stores are created by the operator and never deleted by the app: 403 for everyone.
  { route: 'POST /api/company', body: () => ({ name: 'Nova' }), cashier: 403, admin: 403 },
  { route: 'GET /api/company/:id', id: 'company', cashier: 403, admin: 200 },
  { route: 'PUT /api/company/:id', id: 'company', body: () => ({ name: 'Loja Demo' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/company/:id', id: 'company', cashier: 403, admin: 403 },
  // The store's settings: everyone reads them (the till follows some), admins change them.
  { route: 'GET /api/settings', cashier: 200, admin: 200 },
  { route: 'PUT /api/settings', body: () => ({ cashiers_see_cost_price: true }), cashier: 403, admin: 200 },
  { route: 'GET /api/expense-categories', cashier: 403, admin: 200 },
  { route: 'POST /api/expense-categories', body: () => ({ name: `Cat ${uniq()}` }), cashier: 403, admin: 201 },
  { route: 'GET /api/expense-categories/:id', id: 'category', cashier: 403, admin: 200 },
  {
    route: 'PUT /api/expense-categories/:id',
    id: 'category',
    body: () => ({ name: `Cat ${uniq()}` }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/expense-categories/:id', id: 'category', cashier: 403, admin: 200 },
  { route: 'GET /api/sales', cashier: 200, admin: 200 },
  { route: 'GET /api/sales/stats', cashier: 200, admin: 200 },
  { route: 'GET /api/sales/:id', id: 'sale', cashier: 200, admin: 200 },
  {
    route: 'GET /api/sales/lookup',
    url: async () => `/api/sales/lookup?number=${(await saleFixture.newSale!()).number}`,
    cashier: 200,
    admin: 200,
  },
  {
    route: 'GET /api/sales/:id/returns',
    url: async () => `/api/sales/${(await saleFixture.newSale!()).id}/returns`,
    cashier: 200,
    admin: 200,
  },
  {
    route: 'POST /api/sales/:id/returns',
    url: async () => `/api/sales/${(await saleFixture.newSale!()).id}/returns`,
    body: () => ({ lines: [{ position: 0, quantity: 1 }], reason: 'Matriz', refund_method: 'vale_troca' }),
    cashier: 201,
    admin: 201,
  },
  {
    route: 'POST /api/customers/:id/store-credit/payout',
    url: () => saleFixture.valePayout!(),
    body: () => ({ amount: 1, return_id: saleFixture.returnId }),
    cashier: 201,
    admin: 201,
  },
  { route: 'POST /api/sales', body: saleBody, cashier: 201, admin: 201 },
  {
    route: 'POST /api/sales/batch',
    body: () => ({ sales: [{ key: `matriz-${uniq()}`, body: saleBody() }] }),
    cashier: 200,
    admin: 200,
  },
  { route: 'PUT /api/sales/:id', id: 'sale', body: () => ({ notes: 'Matriz' }), cashier: 403, admin: 200 },
  { route: 'PUT /api/sales/:id/cancel', id: 'sale', body: () => ({ reason: 'Cliente desistiu' }), cashier: 403, admin: 200 },
  { route: 'POST /api/sales/items', cashier: 403, admin: 201 },
  {
    route: 'PUT /api/sales/items/:itemId',
    url: async () => `/api/sales/items/${(await saleFixture.newSale!()).items[0]!.id}`,
    body: () => ({ quantity: 2 }),
    cashier: 403,
    admin: 200,
  },
  {
    route: 'DELETE /api/sales/:saleId/items/:itemId',
    url: async () => {
      const sale = await saleFixture.newSale!();
      return `/api/sales/${sale.id}/items/${sale.items[0]!.id}`;
    },
    cashier: 403,
    admin: 200,
  },
  { route: 'GET /api/sale-conflicts', cashier: 403, admin: 200 },
  // The tills: whoever sells asks for their code; whoever reads sales sees the list.
  { route: 'GET /api/devices', cashier: 200, admin: 200 },
  {
    route: 'POST /api/devices',
    body: () => ({ id: randomUUID(), label: 'Android · Chrome' }),
    cashier: 200,
    admin: 200,
  },
  // A till reads its own name; only admins name one.
  {
    route: 'GET /api/devices/:id',
    url: async () => `/api/devices/${await saleFixture.newDevice!()}`,
    cashier: 200,
    admin: 200,
  },
  {
    route: 'PUT /api/devices/:id',
    url: async () => `/api/devices/${await saleFixture.newDevice!()}`,
    body: () => ({ name: `Balcão ${uniq()}` }),
    cashier: 403,
    admin: 200,
  },
  { route: 'POST /api/sale-conflicts/:id/review', id: 'conflict', cashier: 403, admin: 200 },
  { route: 'GET /api/sync/pull', cashier: 200, admin: 200 },
  // The till sessions: whoever sells opens, moves and closes their own; admins every one.
  { route: 'GET /api/cash-sessions', cashier: 200, admin: 200 },
  {
    route: 'GET /api/cash-sessions/:id',
    url: async () => `/api/cash-sessions/${await ownSession()}`,
    cashier: 200,
    admin: 200,
  },
  {
    route: 'POST /api/cash-sessions',
    body: () => ({ device_id: randomUUID(), opening_float: 10 }),
    cashier: 201,
    admin: 201,
  },
  {
    route: 'POST /api/cash-sessions/:id/movements',
    url: async () => `/api/cash-sessions/${await ownSession()}/movements`,
    body: () => ({ kind: 'suprimento', amount: 5, reason: 'Troco' }),
    cashier: 201,
    admin: 201,
  },
  {
    route: 'POST /api/cash-sessions/:id/close',
    url: async () => `/api/cash-sessions/${await ownSession()}/close`,
    body: () => ({ counted: { cash: 10 } }),
    cashier: 200,
    admin: 200,
  },
  ...BACK_OFFICE_ROWS,
];
