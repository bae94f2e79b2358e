// 'Caixas veem o preço de custo' (Configurações > Sistema): off, a cashier (role user)
// receives no cost price, margin or cost figure from any route they may read; on (the
// default), they receive the products' cost prices as admins do. The routes come from the
// app (accessTable): a new route a cashier can read is checked here without being named.
// Turning the setting over sends every product to the devices again, so a till's mirror
// loses (or gets) the cost prices it held.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import { hasPermission, type Permission } from '../../src/shared/permissions';
import { type Json, NO_STORE, openTestStore } from '../../src/server/test/helpers';
import { makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { databases } from '../../src/server/test/testDb';

/** A key that names a cost or what is made of one (cost_price, unit_cost, margins, gross profit, COGS). */
const COST_KEY = /cost|margin|profit|cogs/i;

/**
 * The paths of every cost figure in a JSON answer (a yes/no or a choice about costs is no
 * figure: the settings' cashiers_see_cost_price and stock_cost_method).
 */
function costKeys(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => [
    ...(COST_KEY.test(key) && !Array.isArray(value) && typeof item !== 'boolean' && typeof item !== 'string'
      ? [`${path}${key}`]
      : []),
    ...costKeys(item, `${path}${key}.`),
  ]);
}

describe.each(databases())('cost prices a cashier receives (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;
  /** The id each kind of path parameter names (by the path's resource). */
  const ids: Record<string, string> = {};
  /** The query a route needs to answer 200. */
  const QUERY: Record<string, string> = { '/api/tenants/search': '?subdomain=demo' };

  const setCashiersSeeCost = async (on: boolean) => {
    const res = await http.put('/api/settings', { cashiers_see_cost_price: on }, { token: admin });
    expect(res.status).toBe(200);
  };

  /** Every GET route a cashier may call, answered as the cashier. */
  const cashierAnswers = async (): Promise<Map<string, Json>> => {
    const readable = ctx.app.accessTable.filter(
      (r) =>
        r.method === 'GET' &&
        (r.access === 'public' || r.access === 'authenticated' || hasPermission('user', r.access as Permission)),
    );
    expect(readable.length).toBeGreaterThan(20);
    const answers = new Map<string, Json>();
    for (const route of readable) {
      const resource = route.url.split('/')[2]!;
      const url = route.url.replace(/:\w+/g, () => {
        expect(ids[resource], `${route.url}: no id for ${resource} in this test`).toBeDefined();
        return ids[resource]!;
      });
      const res = await http.get(`${url}${QUERY[route.url] ?? ''}`, { token: cashier });
      expect(res.status, `${route.url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      answers.set(route.url, res.body);
    }
    return answers;
  };

  beforeAll(async () => {
    ({ ctx, http, admin, cashier } = await openTestStore(kind));
    const tenantId = ctx.demo.tenant.id;
    // Something of everything a cashier reads: a product whose cost is known, a sale of it
    // today (day totals, dashboard), a receivable and a cash entry of today.
    const product = await makeProduct(ctx.db, tenantId, { stock: 10, cost: 1750, price: 3990 });
    ids.products = product.id;
    const customerId: string = (await http.post('/api/customers', { name: 'Cliente Custo' }, { token: admin })).body
      .data.id;
    ids.customers = customerId;
    const sale = await http.post('/api/sales', saleBody(customerId, [{ product, quantity: 1 }]), {
      token: cashier,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(sale.status).toBe(201);
    ids.sales = sale.body.data.id;
    // The cashier's till, as it registers itself.
    const device = await http.post('/api/devices', { id: randomUUID(), label: 'Tablet' }, { token: cashier });
    expect(device.status).toBeLessThan(300);
    ids.devices = device.body.data.id;
    // What the till needs to emit NFC-e (GET /api/fiscal/till/:id) is asked by the same device.
    ids.fiscal = device.body.data.id;
    // The sale looked up by its number, as Trocas e Devoluções does.
    QUERY['/api/sales/lookup'] = `?number=${encodeURIComponent(sale.body.data.number)}`;
    const receivable = await http.post(
      '/api/accounts-receivable',
      { description: 'Fiado', amount: 20, due_date: todayIso(), customer_id: ids.customers },
      { token: admin },
    );
    ids['accounts-receivable'] = receivable.body.data.id;
    const entry = await http.post(
      '/api/cash-flow',
      { date: todayIso(), type: 'income', description: 'Troco', category: 'Vendas', amount: 5 },
      { token: admin },
    );
    ids['cash-flow'] = entry.body.data.id;
    // A till session the cashier opened (a cashier reads only their own).
    const session = await http.post(
      '/api/cash-sessions',
      { device_id: randomUUID(), opening_float: 50 },
      { token: cashier, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(session.status).toBe(201);
    ids['cash-sessions'] = session.body.data.id;
  });
  afterAll(() => ctx?.close());

  it('off: no cost anywhere a cashier reads; admins still see them', async () => {
    await setCashiersSeeCost(false);
    const answers = await cashierAnswers();
    const found = [...answers].flatMap(([url, body]) => costKeys(body).map((k) => `${url} ${k}`));
    expect(found).toEqual([]);
    // The answers carry the products themselves, only without their cost.
    expect(answers.get('/api/products')!.data.products.length).toBeGreaterThan(0);
    expect(answers.get('/api/products/:id')!.data).toMatchObject({ id: ids.products, sale_price: 39.9 });
    expect(answers.get('/api/sync/pull')!.data.products.length).toBeGreaterThan(0);

    const own = await http.get(`/api/products/${ids.products}`, { token: admin });
    expect(own.body.data.cost_price).toBe(17.5);
    const pulled = await http.get('/api/sync/pull', { token: admin });
    expect(pulled.body.data.products.every((p: Json) => typeof p.cost_price === 'number')).toBe(true);
  });

  it('on: the cashier receives the products with their cost prices', async () => {
    await setCashiersSeeCost(true);
    const answers = await cashierAnswers();
    const list = answers.get('/api/products')!.data.products;
    expect(list.every((p: Json) => typeof p.cost_price === 'number')).toBe(true);
    expect(answers.get('/api/products/:id')!.data.cost_price).toBe(17.5);
    const pulled = answers.get('/api/sync/pull')!.data.products;
    expect(pulled.find((p: Json) => p.id === ids.products).cost_price).toBe(17.5);
  });

  it("turning it over sends every product again: a till's mirror drops or gets the cost prices", async () => {
    const pull = async (since?: string) => {
      const res = await http.get(`/api/sync/pull?limit=5000${since ? `&since=${since}` : ''}`, { token: cashier });
      expect(res.status).toBe(200);
      return res.body.data as { products: Json[]; cursor: string };
    };
    const live = (await http.get('/api/products?limit=200', { token: admin })).body.data.pagination.total;
    const first = await pull();
    expect(first.products).toHaveLength(live);

    await setCashiersSeeCost(false);
    const hidden = await pull(first.cursor);
    expect(hidden.products).toHaveLength(live);
    expect(hidden.products.filter((p) => 'cost_price' in p)).toEqual([]);

    // Saving the same value again changes nothing a till holds: nothing is sent.
    await setCashiersSeeCost(false);
    const same = await pull(hidden.cursor);
    expect(same.products).toEqual([]);

    await setCashiersSeeCost(true);
    const shown = await pull(same.cursor);
    expect(shown.products).toHaveLength(live);
    expect(shown.products.every((p) => typeof p.cost_price === 'number')).toBe(true);
  });
});
