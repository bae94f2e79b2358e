// Returns on the server, what can go back: never more than sold minus already returned
// (also two returns at once), a replayed return being one return, and the cashier's limit
// (409 online, conflict offline).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashOf, stockOf } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { returnsSuite } from './sale-returns-fixtures';

describe.each(databases())('returns: what can go back (%s)', (kind) => {
  const { s, keyed, product, sell, giveBack } = returnsSuite(kind);

  it('never more than sold minus already returned; the units go back to stock unless damaged', async () => {
    const p = await product(2000, 1000, 10);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const item = sale.items[0]!.id;
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(7);
    const first = await giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ amount: 40, refunded: 40, installments: 0, refund_method: 'dinheiro' });
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
    const tooMany = await giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toContain('resta 1 unidade');
    const damaged = await giveBack(sale.id, [{ sale_item_id: item, quantity: 1, damaged: true }]);
    expect(damaged.status).toBe(201);
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9); // damaged: not restocked
    expect((await giveBack(sale.id, [{ sale_item_id: item, quantity: 1 }])).status).toBe(409);
    const listed = await s.http.get(`/api/sales/${sale.id}/returns`, { token: s.cashier });
    expect(listed.body.data.lines[0]).toMatchObject({ quantity: 3, returned: 3 });
    expect(listed.body.data.returns).toHaveLength(2);
    // A sale with returns is not cancelled whole (its returns already counted out).
    expect(
      (await s.http.put(`/api/sales/${sale.id}/cancel`, { reason: 'Cliente desistiu' }, keyed(s.admin))).status,
    ).toBe(409);
  });

  it('two returns racing on one sale: one of them gets the last units, never both', async () => {
    const p = await product(1500, 700, 10);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const item = sale.items[0]!.id;
    const [a, b] = await Promise.all([
      giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }], { offline: true }, s.cashier),
      giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }], { offline: true }, s.cashier),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
  });

  it('the same return sent twice (its key) is one return', async () => {
    const p = await product(1000, 500, 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const key = randomUUID();
    const line = [{ sale_item_id: sale.items[0]!.id, quantity: 1 }];
    const once = await giveBack(sale.id, line, { id: randomUUID() }, s.admin, key);
    const body = {
      lines: line,
      reason: 'Cliente desistiu',
      refund_method: 'dinheiro',
      id: once.body.data.id,
      offline: true,
    };
    const again = await s.http.post(`/api/sales/${sale.id}/returns`, body, keyed(s.admin, key));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(once.body.data.id);
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
    const refunds = (await cashOf(s.ctx.db, s.tenantId, sale.id)).filter((e) => e.type === 'expense');
    expect(refunds.map((e) => e.amount)).toEqual([1000]);
  });

  it('a cashier over the return limit: 409 online, kept and flagged for admins offline; admins have no limit', async () => {
    const set = await s.http.put('/api/settings', { cashier_max_return: 5000 }, keyed(s.admin));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const p = await product(6000, 1000, 20);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const line = [{ sale_item_id: sale.items[0]!.id, quantity: 1 }];
    const online = await giveBack(sale.id, line, {}, s.cashier);
    expect(online.status).toBe(409);
    expect(online.body.error).toContain('50,00');
    expect(await stockOf(s.ctx.db, s.tenantId, p.id)).toBe(17);
    const offline = await giveBack(sale.id, line, { offline: true }, s.cashier);
    expect(offline.status).toBe(201);
    expect(offline.body.data.limit_conflict).toBe(true);
    const conflicts = await s.http.get('/api/sale-conflicts', { token: s.admin });
    expect(
      conflicts.body.data.conflicts.some(
        (c: { sale_id: string; kind: string }) => c.sale_id === sale.id && c.kind === 'return_limit',
      ),
    ).toBe(true);
    const byAdmin = await giveBack(sale.id, line, {}, s.admin);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.data.limit_conflict).toBe(false);
  });
});
