// The permission matrix of spec §6 on every /api route: cashier (role user) vs admin,
// and no token at all. The route table of the app must match this matrix exactly; its rows
// are in test/permission-rows.ts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
import { NO_STORE, useTestStore } from './test/helpers';
import {
  ITEM_ADD,
  PUBLIC,
  entryBody,
  payableBody,
  receivableBody,
  saleBody,
  saleFixture,
  tillKeyRegisterBody,
  uniq,
  type FreshSale,
  type Kind,
  type Row,
} from './test/permission-fixtures';
import { ROWS } from './test/permission-rows';
import { makeCustomer, makeProduct } from './test/sales-fixtures';
import { databases } from './test/testDb';

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

  useTestStore(kind, async (store) => {
    ({ ctx, http, admin, cashier } = store);
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
    saleFixture.newDevice = async () => {
      const res = await http.post('/api/devices', { id: randomUUID(), label: 'Matriz' }, { token: cashier });
      if (res.status !== 200) throw new Error(`caixa de teste: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id as string;
    };
    saleFixture.newTillKey = async () => {
      const res = await http.post('/api/fiscal/till-keys', await tillKeyRegisterBody(), { token: admin });
      if (res.status !== 201) throw new Error(`chave de caixa de teste: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id as string;
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
