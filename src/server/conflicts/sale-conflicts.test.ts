// A sale's device time (core/sale-time.ts): outside [-7 days, +5 minutes] of receipt it is
// replaced by the receipt and kept as claimed, with a clock conflict. A sale sent directly
// and its outbox replay under the same key are one sale. The conflicts are listed for
// admins only and marked reviewed idempotently.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SALE_SOLD_AT_FUTURE_MAX_MS, SALE_SOLD_AT_PAST_MAX_MS } from '../../shared/constants';
import { sales } from '../db/schema';
import { api, NO_UUID, OTHER_HOST, NO_STORE } from '../test/helpers';
import { saleBody, stockOf } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { ago, HOUR_MS, useSaleChecks, type Customer } from '../sales/create/sale-checks-fixtures';

describe.each(databases())('sale time and conflicts (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let customer: Customer;
  const { product, conflictsOf } = useSaleChecks(kind, (store, theirs) => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store);
    customer = theirs;
  });

  it('keeps a device time within [-7 days, +5 minutes] of receipt; dates the others at receipt with a clock conflict', async () => {
    const p = await product(1500);
    const post = (soldAt: string) =>
      http.post(
        '/api/sales',
        saleBody(customer.id, [{ product: p, quantity: 1 }], { offline: true, sold_at: soldAt }),
        {
          token: cashier,
        },
      );
    for (const soldAt of [ago(SALE_SOLD_AT_PAST_MAX_MS - HOUR_MS), ago(-(SALE_SOLD_AT_FUTURE_MAX_MS - 60_000))]) {
      const kept = await post(soldAt);
      expect(kept.status).toBe(201);
      expect(kept.body.data.sold_at).toBe(soldAt);
      expect(kept.body.data.claimed_sold_at).toBeNull();
      expect(await conflictsOf(kept.body.data.id)).toEqual([]);
    }
    for (const soldAt of [ago(SALE_SOLD_AT_PAST_MAX_MS + HOUR_MS), '2020-01-15T12:00:00.000Z', ago(-10 * 60_000)]) {
      const sent = Date.now();
      const res = await post(soldAt);
      expect(res.status).toBe(201);
      const sale = res.body.data;
      expect(sale.claimed_sold_at).toBe(soldAt);
      expect(sale.sold_at).toBe(sale.received_at);
      expect(Date.parse(sale.received_at)).toBeGreaterThanOrEqual(sent - 1000);
      expect(Date.parse(sale.received_at)).toBeLessThanOrEqual(Date.now());
      expect((await conflictsOf(sale.id)).map((c) => c.kind)).toEqual(['clock']);
      const [row] = await ctx.db
        .select()
        .from(sales)
        .where(and(eq(sales.tenantId, tenantId), eq(sales.id, sale.id)));
      expect(row!.claimedSoldAt!.toISOString()).toBe(soldAt);
    }
    // Online sales follow the same rule; without sold_at the sale is dated at receipt.
    const online = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], { sold_at: '2020-01-15T12:00:00.000Z' }),
      { token: cashier },
    );
    expect(online.body.data.claimed_sold_at).toBe('2020-01-15T12:00:00.000Z');
    const plain = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    expect(plain.body.data.sold_at).toBe(plain.body.data.received_at);
    expect(plain.body.data.claimed_sold_at).toBeNull();
  });

  it('a sale sent directly whose answer was lost and its outbox replay under the same key are one sale', async () => {
    const p = await product(4500);
    const id = randomUUID();
    const body = saleBody(customer.id, [{ product: p, quantity: 1 }], { id, sold_at: ago(1000) });
    const headers = { 'Idempotency-Key': id };
    const direct = await http.post('/api/sales', { ...body, offline: false }, { token: cashier, headers });
    expect(direct.status).toBe(201);
    const replay = await http.post('/api/sales', { ...body, offline: true }, { token: cashier, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(direct.body);
    const batch = await http.post(
      '/api/sales/batch',
      { sales: [{ key: id, body: { ...body, offline: true } }] },
      {
        token: cashier,
      },
    );
    expect(batch.body.data.results[0].status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(49);
  });

  it('lists conflicts for admins only (who sold, which device, what differs); marking reviewed is idempotent', async () => {
    const p = await product(8000, 'Mochila');
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 60, unitPrice: 70 }], {
        offline: true,
        sold_at: '2021-03-01T15:00:00.000Z',
        device_id: randomUUID(),
        device_label: 'Tablet do caixa 2',
      }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    const saleId = res.body.data.id;

    // Cashiers never see the list, nor can they mark anything.
    expect((await http.get('/api/sale-conflicts', { token: cashier })).status).toBe(403);
    const list = await http.get('/api/sale-conflicts?limit=200', { token: admin });
    expect(list.status).toBe(200);
    const mine = list.body.data.conflicts.filter((c: { sale_id: string }) => c.sale_id === saleId);
    expect(mine.map((c: { kind: string }) => c.kind).sort()).toEqual(['clock', 'price', 'stock']);
    const common = {
      sale_total: 4200,
      customer_name: 'Helena Duarte',
      sold_by: ctx.demo.cashier.name,
      device_label: 'Tablet do caixa 2',
      offline: true,
      sold_at: res.body.data.received_at,
      reviewed_at: null,
      reviewed_by: null,
    };
    const byKind = (k: string) => mine.find((c: { kind: string }) => c.kind === k);
    expect(byKind('stock')).toMatchObject({
      ...common,
      stock: [{ product_id: p.id, product_name: 'Mochila', requested: 60, available: 50 }],
      price: [],
    });
    expect(byKind('price')).toMatchObject({
      ...common,
      price: [{ product_id: p.id, product_name: 'Mochila', unit_price: 70, current_price: 80 }],
    });
    expect(byKind('clock')).toMatchObject({ ...common, claimed_sold_at: '2021-03-01T15:00:00.000Z' });
    const open = list.body.data.open_count;
    expect(open).toBeGreaterThanOrEqual(3);
    const alerts = await http.get('/api/dashboard/alerts', { token: admin });
    expect(alerts.body.data.saleConflicts).toBe(open);
    expect((await http.get('/api/dashboard/alerts', { token: cashier })).body.data.saleConflicts).toBe(0);

    // Another store sees none of them and cannot mark them.
    const other = api(ctx.app, { host: OTHER_HOST, token: otherAdmin });
    const theirs = await other.get('/api/sale-conflicts?status=all&limit=200');
    expect(theirs.body.data.conflicts.filter((c: { sale_id: string }) => c.sale_id === saleId)).toEqual([]);
    expect((await other.post(`/api/sale-conflicts/${byKind('price').id}/review`)).status).toBe(404);

    const key = randomUUID();
    const review = () =>
      http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, {
        token: admin,
        headers: { 'Idempotency-Key': key },
      });
    expect(
      (await http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, { token: cashier })).status,
    ).toBe(403);
    const first = await review();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'price', reviewed_by: ctx.demo.admin.name });
    expect(first.body.data.reviewed_at).not.toBeNull();
    const again = await review();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // Under a new key it stays reviewed as it was (who and when).
    const later = await http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, { token: admin });
    expect(later.body.data.reviewed_at).toBe(first.body.data.reviewed_at);
    expect((await http.post(`/api/sale-conflicts/${NO_UUID}/review`, undefined, { token: admin })).status).toBe(404);

    const after = await http.get('/api/sale-conflicts?limit=200', { token: admin });
    expect(after.body.data.open_count).toBe(open - 1);
    expect(after.body.data.conflicts.some((c: { id: string }) => c.id === byKind('price').id)).toBe(false);
    const reviewed = await http.get('/api/sale-conflicts?status=reviewed', { token: admin });
    expect(reviewed.body.data.conflicts.map((c: { id: string }) => c.id)).toContain(byKind('price').id);
    expect((await http.get('/api/dashboard/alerts', { token: admin })).body.data.saleConflicts).toBe(open - 1);
  });
});
