// Reading sales: the list with its filters and pages, the stats, and the static paths
// that are not ids.
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { NO_UUID } from '../../test/helpers';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales: list and stats (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Joana Prado');

  it('lists newest first with filters and pagination; a cashier sees only today', async () => {
    const p = await s.product(100);
    const listCustomer = await fixtures.makeCustomer(s.ctx.db, s.tenantId, 'Zuleica Listada');
    const at = (iso: string) =>
      fixtures.saleBody(listCustomer.id, [{ product: p, quantity: 1 }], { offline: true, sold_at: iso });
    // Three days ago in São Paulo (a device's time within the 7 days it is kept):
    // 03:00Z to 03:00Z next day.
    const day0 = addDays(todayIso(), -3);
    const day1 = addDays(day0, 1);
    const old1 = await s.http.post('/api/sales', at(`${day0}T03:00:00.000Z`), { token: s.cashier });
    const old2 = await s.http.post(
      '/api/sales',
      { ...at(`${day1}T02:59:59.000Z`), payment_method: 'pix' },
      { token: s.cashier },
    );
    const before = await s.http.post('/api/sales', at(`${day0}T02:59:59.000Z`), { token: s.cashier });
    const today = await s.http.post('/api/sales', fixtures.saleBody(listCustomer.id, [{ product: p, quantity: 1 }]), {
      token: s.cashier,
    });
    for (const r of [old1, old2, before, today]) expect(r.status).toBe(201);

    const day = await s.http.get(`/api/sales?start_date=${day0}&end_date=${day0}`, { token: s.admin });
    expect(day.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old2.body.data.id, old1.body.data.id]);
    const byName = await s.http.get('/api/sales?search=zuleica&limit=2', { token: s.admin });
    expect(byName.body.data.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(byName.body.data.sales.map((s: { id: string }) => s.id)).toEqual([today.body.data.id, old2.body.data.id]);
    const page2 = await s.http.get('/api/sales?search=zuleica&limit=2&page=2', { token: s.admin });
    expect(page2.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old1.body.data.id, before.body.data.id]);
    const pix = await s.http.get(`/api/sales?customer_id=${listCustomer.id}&payment_method=pix`, { token: s.admin });
    expect(pix.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old2.body.data.id]);
    await s.http.put(`/api/sales/${old1.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    const cancelled = await s.http.get(`/api/sales?customer_id=${listCustomer.id}&sale_status=cancelled`, {
      token: s.admin,
    });
    expect(cancelled.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old1.body.data.id]);
    const blank = await s.http.get(`/api/sales?customer_id=${listCustomer.id}&payment_method=&sale_status=all`, {
      token: s.admin,
    });
    expect(blank.body.data.pagination.total).toBe(4);

    // The cashier asks for those days and gets today.
    const asCashier = await s.http.get(
      `/api/sales?customer_id=${listCustomer.id}&start_date=${day0}&end_date=${day1}`,
      {
        token: s.cashier,
      },
    );
    expect(asCashier.status).toBe(200);
    expect(asCashier.body.data.sales.map((s: { id: string }) => s.id)).toEqual([today.body.data.id]);
    const all = await s.http.get('/api/sales?limit=200', { token: s.cashier });
    for (const s of all.body.data.sales) expect(todayIso(new Date(s.sold_at))).toBe(todayIso());
  });

  it('stats: completed count, revenue, ticket and methods for a day range; a cashier gets today', async () => {
    const p = await s.product(100, { price: 1000 });
    const at = (iso: string, method: string, qty: number) =>
      s.http.post(
        '/api/sales',
        fixtures.saleBody(s.customer.id, [{ product: p, quantity: qty }], {
          offline: true,
          sold_at: iso,
          payment_method: method,
        }),
        {
          token: s.cashier,
        },
      );
    // Six and five days ago (a device's time within the 7 days it is kept).
    const d1 = addDays(todayIso(), -6);
    const d2 = addDays(todayIso(), -5);
    await at(`${d1}T12:00:00.000Z`, 'cash', 1);
    await at(`${d1}T13:00:00.000Z`, 'cash', 2);
    await at(`${d2}T12:00:00.000Z`, 'pix', 4);
    const gone = await at(`${d2}T13:00:00.000Z`, 'pix', 8);
    await s.http.put(`/api/sales/${gone.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    const res = await s.http.get(`/api/sales/stats?start_date=${d1}&end_date=${d2}`, { token: s.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total_sales: 3,
      total_revenue: 70,
      average_ticket: 23.33,
      cancelled_sales: 1,
      by_payment_method: [
        { payment_method: 'cash', count: 2, total: 30 },
        { payment_method: 'pix', count: 1, total: 40 },
      ],
    });
    const cashierView = await s.http.get(`/api/sales/stats?start_date=${d1}&end_date=${d2}`, {
      token: s.cashier,
    });
    const todayView = await s.http.get(`/api/sales/stats?start_date=${todayIso()}&end_date=${todayIso()}`, {
      token: s.admin,
    });
    expect(cashierView.body.data).toEqual(todayView.body.data);
    expect(cashierView.body.data.total_sales).toBeGreaterThan(0);
    const empty = await s.http.get('/api/sales/stats?start_date=2001-01-01&end_date=2001-01-01', { token: s.admin });
    expect(empty.body.data).toEqual({
      total_sales: 0,
      total_revenue: 0,
      average_ticket: 0,
      cancelled_sales: 0,
      by_payment_method: [],
    });
  });

  it('static paths are not taken for ids: /stats and /items', async () => {
    expect((await s.http.get('/api/sales/stats', { token: s.admin })).status).toBe(200);
    const items = await s.http.post(
      '/api/sales/items',
      { sale_id: NO_UUID, product_id: NO_UUID, quantity: 1 },
      { token: s.admin },
    );
    expect(items.status).toBe(404);
    expect(items.body.error).toBe('Venda não encontrada.');
  });
});
