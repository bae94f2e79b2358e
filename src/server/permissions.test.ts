// The permission matrix of spec §6 on every /api route: cashier (role user) vs admin,
// and no token at all. The route table of the app must match this matrix exactly.
import { CASHIERS_MAY_NOT_RECEIVE } from './finance/receivable-receipts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsPayable,
  accountsReceivable,
  cashFlowEntries,
  customers,
  expenseCategories,
  products,
  saleItems,
  saleConflicts,
  sales,
  tenants,
  users,
} from './db/schema';
import { DEMO } from './demo/seed';
import { NO_STORE, openTestStore } from './test/helpers';
import { nfeXml } from './test/nfe-xml';
import { makeCustomer, makeProduct, type ProductFixture } from './test/sales-fixtures';
import { databases } from './test/testDb';

type Kind =
  'product' | 'customer' | 'user' | 'category' | 'company' | 'sale' | 'payable' | 'receivable' | 'entry' | 'conflict';

interface Row {
  route: string;
  id?: Kind;
  /** Builds the URL when the template needs more than one fresh id. */
  url?: () => Promise<string>;
  body?: () => unknown;
  cashier: number;
  admin: number;
  /** The sentence a denied cashier reads, when a store setting decides (default: the generic one). */
  denied?: string;
}

/** A product with plenty of stock and a customer for the sale routes (set in beforeAll). */
const saleFixture: {
  product?: ProductFixture;
  customerId?: string;
  newSale?: () => Promise<FreshSale>;
  /** A fresh sale's unit returned to vale-troca: the customer's payout URL (the return kept in `returnId`). */
  valePayout?: () => Promise<string>;
  returnId?: string;
  openSession?: () => Promise<string>;
  /** The store's open stock count (opened when there is none). */
  openCount?: () => Promise<string>;
  /** No stock count open (the open one cancelled). */
  closeCount?: () => Promise<void>;
} = {};
interface FreshSale {
  id: string;
  items: { id: string }[];
}
const saleBody = () => ({
  customer_id: saleFixture.customerId,
  items: [
    { product_id: saleFixture.product!.id, quantity: 1, unit_price: saleFixture.product!.price / 100 },
    { product_id: saleFixture.product!.id, quantity: 1, unit_price: saleFixture.product!.price / 100 },
  ],
  payment_method: 'cash',
});

const payableBody = () => ({
  supplier_name: 'Fornecedor Matriz',
  description: 'Conta matriz',
  amount: 10,
  due_date: '2026-12-01',
  category: 'Serviços',
});
const receivableBody = () => ({ description: 'Conta matriz', amount: 10, due_date: '2026-12-01' });
/** A supplier's note to the demo store, its one line entering as a new product. */
const nfeBody = () => {
  const n = ++seq;
  const lines = [
    { code: `PERM-${n}`, description: `ITEM ${n}`, quantity: '1.0000', unit_cost: '4.0000000000', total_cents: 400 },
  ];
  const { xml } = nfeXml({ number: 7000 + n, recipient_cnpj: '11222333000181', lines });
  return { xml, lines: [{ item_number: 1, new_product: { name: `Item ${n}`, sku: `PERM-${n}` } }] };
};
const entryBody = () => ({ date: '2026-01-02', type: 'income', description: 'Matriz', category: 'Vendas', amount: 10 });

/** A till session the cashier opened (an admin may act on it too). */
const ownSession = (): Promise<string> => saleFixture.openSession!();

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${seq++}`;

const ROWS: Row[] = [
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
  { route: 'PUT /api/sales/:id/cancel', id: 'sale', cashier: 403, admin: 200 },
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
  { route: 'GET /api/accounts-payable', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/statistics', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/overdue', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/:id', id: 'payable', cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable', body: () => payableBody(), cashier: 403, admin: 201 },
  { route: 'PUT /api/accounts-payable/:id', id: 'payable', body: () => payableBody(), cashier: 403, admin: 200 },
  { route: 'DELETE /api/accounts-payable/:id', id: 'payable', cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable/:id/mark-as-paid', id: 'payable', body: () => ({}), cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable/:id/cancel', id: 'payable', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-receivable', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/statistics', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/overdue', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/:id', id: 'receivable', cashier: 200, admin: 200 },
  { route: 'POST /api/accounts-receivable', body: () => receivableBody(), cashier: 403, admin: 201 },
  {
    route: 'PUT /api/accounts-receivable/:id',
    id: 'receivable',
    body: () => ({ notes: 'Matriz' }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/accounts-receivable/:id', id: 'receivable', cashier: 403, admin: 200 },
  {
    route: 'PATCH /api/accounts-receivable/:id/mark-as-paid',
    id: 'receivable',
    body: () => ({}),
    cashier: 403,
    admin: 200,
  },
  { route: 'PATCH /api/accounts-receivable/:id/cancel', id: 'receivable', cashier: 403, admin: 200 },
  // Cashiers receive instalments only when Configurações allows it (off by default).
  {
    route: 'POST /api/accounts-receivable/:id/receive',
    id: 'receivable',
    body: () => ({ payment_method: 'cash' }),
    cashier: 403,
    admin: 200,
    denied: CASHIERS_MAY_NOT_RECEIVE,
  },
  { route: 'GET /api/cash-flow', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/statistics', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/chart', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/:id', id: 'entry', cashier: 200, admin: 200 },
  { route: 'POST /api/cash-flow', body: () => entryBody(), cashier: 403, admin: 201 },
  { route: 'PUT /api/cash-flow/:id', id: 'entry', body: () => ({ amount: 12.5 }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/cash-flow/:id', id: 'entry', cashier: 403, admin: 200 },
  { route: 'GET /api/dashboard/metrics', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/sales-chart', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/cash-flow-chart', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/alerts', cashier: 200, admin: 200 },
  { route: 'GET /api/financial-reports/dre', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/balance-sheet', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/profitability', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/margin-analysis', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/summary', cashier: 403, admin: 200 },
  { route: 'GET /api/stock-entries', cashier: 403, admin: 200 },
  { route: 'POST /api/stock-entries/nfe/preview', body: () => ({ xml: nfeBody().xml }), cashier: 403, admin: 200 },
  { route: 'POST /api/stock-entries', body: nfeBody, cashier: 403, admin: 201 },
  { route: 'GET /api/stock-counts', cashier: 403, admin: 200 },
  {
    route: 'POST /api/stock-counts',
    url: async () => (await saleFixture.closeCount!(), '/api/stock-counts'),
    body: () => ({}),
    cashier: 403,
    admin: 201,
  },
  {
    route: 'GET /api/stock-counts/:id',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'GET /api/stock-counts/:id/lines',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/lines`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'PUT /api/stock-counts/:id/lines/:productId',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/lines/${saleFixture.product!.id}`,
    body: () => ({ counted: 100_000 }),
    cashier: 403,
    admin: 200,
  },
  {
    route: 'POST /api/stock-counts/:id/confirm',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/confirm`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'POST /api/stock-counts/:id/cancel',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/cancel`,
    cashier: 403,
    admin: 200,
  },
];

/** POST /api/sales/items needs a fresh sale in its body, made when the row runs. */
const ITEM_ADD = 'POST /api/sales/items';

const PUBLIC = ['GET /api/tenants/search', 'POST /api/auth/login', 'POST /api/auth/refresh', 'POST /api/auth/logout'];

describe.each(databases())('permission matrix (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;

  /** A fresh resource of the demo store, created as admin, for routes that consume an id. */
  const freshId = async (k: Kind): Promise<string> => {
    const opts = { token: admin };
    switch (k) {
      case 'product':
        return (await http.post('/api/products', { sku: `F-${uniq()}`, name: 'Fixture' }, opts)).body.data.id;
      case 'customer':
        return (await http.post('/api/customers', { name: 'Fixture' }, opts)).body.data.id;
      case 'category':
        return (await http.post('/api/expense-categories', { name: `Fixture ${uniq()}` }, opts)).body.data.id;
      case 'user':
        return (
          await http.post(
            '/api/users',
            { name: 'Fixture', email: `f${uniq()}@demo.com`, role: 'user', password: 'senha123' },
            opts,
          )
        ).body.data.id;
      case 'company':
        return ctx.demo.tenant.id;
      case 'sale':
        return (await newSale()).id;
      case 'payable':
        return (await http.post('/api/accounts-payable', payableBody(), opts)).body.data.id;
      case 'receivable':
        return (await http.post('/api/accounts-receivable', receivableBody(), opts)).body.data.id;
      case 'entry':
        return (await http.post('/api/cash-flow', entryBody(), opts)).body.data.id;
      case 'conflict': {
        // A sale whose device clock was a month behind: a clock conflict to review.
        const sold_at = new Date(Date.now() - 30 * 86_400_000).toISOString();
        const sale = await http.post('/api/sales', { ...saleBody(), offline: true, sold_at }, opts);
        const list = await http.get('/api/sale-conflicts?limit=200', opts);
        return list.body.data.conflicts.find((c: { sale_id: string }) => c.sale_id === sale.body.data.id).id;
      }
    }
  };

  const newSale = async (): Promise<FreshSale> => {
    const res = await http.post('/api/sales', saleBody(), { token: admin });
    if (res.status !== 201) throw new Error(`venda de teste: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as FreshSale;
  };

  const urlOf = async (row: Row) => {
    const [method, template] = row.route.split(' ') as [string, string];
    if (row.url) return { method, url: await row.url() };
    return { method, url: row.id ? template.replace(':id', await freshId(row.id)) : template };
  };

  const bodyOf = async (row: Row) => {
    if (row.route === ITEM_ADD) {
      return { sale_id: (await newSale()).id, product_id: saleFixture.product!.id, quantity: 1 };
    }
    return row.body?.();
  };

  const run = async (row: Row, token: string | undefined) => {
    const { method, url } = await urlOf(row);
    const body = await bodyOf(row);
    return http.call(method as 'GET', url, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
  };

  const snapshot = async () => {
    const t = ctx.demo.tenant.id;
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, t));
    return {
      tenant,
      products: await ctx.db.select().from(products).where(eq(products.tenantId, t)),
      customers: await ctx.db.select().from(customers).where(eq(customers.tenantId, t)),
      users: await ctx.db.select().from(users).where(eq(users.tenantId, t)),
      categories: await ctx.db.select().from(expenseCategories).where(eq(expenseCategories.tenantId, t)),
      sales: await ctx.db.select().from(sales).where(eq(sales.tenantId, t)),
      conflicts: await ctx.db.select().from(saleConflicts).where(eq(saleConflicts.tenantId, t)),
      saleItems: await ctx.db.select().from(saleItems).where(eq(saleItems.tenantId, t)),
      cash: await ctx.db.select().from(cashFlowEntries).where(eq(cashFlowEntries.tenantId, t)),
      receivables: await ctx.db.select().from(accountsReceivable).where(eq(accountsReceivable.tenantId, t)),
      payables: await ctx.db.select().from(accountsPayable).where(eq(accountsPayable.tenantId, t)),
    };
  };

  beforeAll(async () => {
    ({ ctx, http, admin, cashier } = await openTestStore(kind));
    saleFixture.product = await makeProduct(ctx.db, ctx.demo.tenant.id, { stock: 100_000 });
    saleFixture.customerId = (await makeCustomer(ctx.db, ctx.demo.tenant.id)).id;
    saleFixture.newSale = newSale;
    saleFixture.valePayout = async () => {
      const sale = await newSale();
      const back = await http.post(
        `/api/sales/${sale.id}/returns`,
        { lines: [{ position: 0, quantity: 1 }], reason: 'Matriz', refund_method: 'vale_troca' },
        { token: admin },
      );
      if (back.status !== 201) throw new Error(`devolução de teste: ${back.status} ${JSON.stringify(back.body)}`);
      saleFixture.returnId = back.body.data.id as string;
      return `/api/customers/${saleFixture.customerId}/store-credit/payout`;
    };
    const openCountId = async (): Promise<string | null> => {
      const list = await http.get('/api/stock-counts?limit=1', { token: admin });
      const newest = list.body.data.counts[0];
      return newest?.status === 'open' ? newest.id : null;
    };
    // Several rows may ask at once (their URLs are built together): one opens it, the others find it.
    saleFixture.openCount = async () =>
      (await openCountId()) ??
      (await http.post('/api/stock-counts', {}, { token: admin })).body.data?.id ??
      (await openCountId())!;
    saleFixture.closeCount = async () => {
      const id = await openCountId();
      if (id) await http.post(`/api/stock-counts/${id}/cancel`, undefined, { token: admin });
    };
    saleFixture.openSession = async () => {
      const res = await http.post(
        '/api/cash-sessions',
        { device_id: randomUUID(), opening_float: 10 },
        { token: cashier },
      );
      if (res.status !== 201) throw new Error(`caixa de teste: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id as string;
    };
  });
  afterAll(() => ctx?.close());

  it('covers every /api route of the app, and only the intended ones are public', () => {
    const seen = new Map<string, string>();
    for (const e of ctx.app.accessTable) seen.set(`${e.method} ${e.url.replace(/\/$/, '')}`, e.access);
    const expected = [...ROWS.map((r) => r.route), ...PUBLIC].sort();
    expect([...seen.keys()].sort()).toEqual(expected);
    for (const route of PUBLIC) expect(seen.get(route), route).toBe('public');
    expect(seen.get('GET /api/auth/me')).toBe('authenticated');
  });

  it.each(ROWS.map((r) => [r.route, r] as const))('%s: cashier and admin', async (_route, row) => {
    const asCashier = await run(row, cashier);
    expect(asCashier.status).toBe(row.cashier);
    if (row.cashier === 403 && row.admin !== 403) {
      expect(asCashier.body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        error: row.denied ?? 'Você não tem permissão para acessar este recurso.',
      });
    }
    const asAdmin = await run(row, admin);
    expect(asAdmin.status).toBe(row.admin);
    if (row.admin < 300) expect(asAdmin.body.success).toBe(true);
  });

  it('a cashier denied on every write route changes nothing', async () => {
    // Fixtures first (they are admin writes), then the snapshot, then the denied calls.
    const writes = ROWS.filter((r) => r.cashier === 403 && !r.route.startsWith('GET'));
    const urls = await Promise.all(writes.map(async (r) => ({ ...(await urlOf(r)), body: await bodyOf(r) })));
    const before = await snapshot();
    for (const { method, url, body } of urls) {
      const res = await http.call(method as 'GET', url, { token: cashier, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('every non-public route answers 401 without a token, before validating input', async () => {
    for (const row of ROWS) {
      const [method, template] = row.route.split(' ') as [string, string];
      const url = template.replace(/:\w+/g, 'nao-e-uuid');
      const res = await http.call(method as 'GET', url, { body: { lixo: true } });
      expect(res.status, row.route).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });
});
