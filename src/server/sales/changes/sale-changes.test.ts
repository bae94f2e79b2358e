// An admin's changes to a recorded sale: cancel, line edits and PUT /api/sales/:id.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import { accountsReceivable, saleItems, sales } from '../../db/schema';
import { NO_UUID } from '../../test/helpers';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales: changes (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Joana Prado');

  it('cancel restocks, reverses the cash, cancels open receivables (paid ones stay paid); twice is 409', async () => {
    const p = await s.product(10, { price: 2500 });
    const cash = await s.sell([{ product: p, quantity: 4 }]);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(6);
    const v0 = await fixtures.lastVersionDrawn(s.ctx.db);
    const cancelled = await s.http.put(
      `/api/sales/${cash.body.data.id}/cancel`,
      { reason: 'Cliente desistiu' },
      { token: s.admin },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      id: cash.body.data.id,
      sale_status: 'cancelled',
      payment_status: 'cancelled',
      total: 100,
    });
    expect(cancelled.body.data.items).toHaveLength(1);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(10);
    expect(await fixtures.changeVersionOf(s.ctx.db, s.tenantId)).toBe(v0 + 1);
    expect((await fixtures.productRow(s.ctx.db, s.tenantId, p.id)).version).toBe(v0 + 1);
    const entries = await fixtures.cashOf(s.ctx.db, s.tenantId, cash.body.data.id);
    expect(entries.map((e) => [e.type, e.amount, e.category])).toEqual([
      ['income', 10000, 'Vendas'],
      ['expense', 10000, 'Vendas'],
    ]);
    expect(entries[1]!.description).toBe(`Estorno - Venda ${fixtures.numberTag(cash.body.data)} - Joana Prado`);
    expect(entries[1]!.date).toBe(todayIso());
    expect(await fixtures.cashNetOf(s.ctx.db, s.tenantId, cash.body.data.id)).toBe(0);

    const twice = await s.http.put(
      `/api/sales/${cash.body.data.id}/cancel`,
      { reason: 'Cliente desistiu' },
      { token: s.admin },
    );
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'CONFLICT', error: 'Esta venda já está cancelada.' });
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(10);

    // Crediário with entrada; the first installment was paid before the cancel.
    const credit = await s.sellOnCredit([{ product: p, quantity: 2 }], {
      entrada: 10,
      vencimentos: ['2031-01-01', '2031-02-01'],
    });
    const saleId = credit.body.data.id;
    const [first] = await fixtures.receivablesOf(s.ctx.db, s.tenantId, saleId);
    await s.ctx.db
      .update(accountsReceivable)
      .set({ status: 'paid', paymentDate: todayIso() })
      .where(and(eq(accountsReceivable.tenantId, s.tenantId), eq(accountsReceivable.id, first!.id)));
    const res = await s.http.put(`/api/sales/${saleId}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    expect(res.status).toBe(200);
    expect((await fixtures.receivablesOf(s.ctx.db, s.tenantId, saleId)).map((r) => r.status)).toEqual([
      'paid',
      'cancelled',
    ]);
    expect(await fixtures.cashNetOf(s.ctx.db, s.tenantId, saleId)).toBe(0);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(10);

    // An offline sale that drove stock negative comes back whole.
    const scarce = await s.product(1);
    const offline = await s.sell([{ product: scarce, quantity: 3 }], { offline: true });
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, scarce.id)).toBe(-2);
    await s.http.put(`/api/sales/${offline.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, scarce.id)).toBe(1);
  });

  it('line edits (admin): add, change, remove adjust stock, total and the income entry', async () => {
    const a = await s.product(10, { price: 1000, cost: 500 });
    const b = await s.product(3, { price: 2000, cost: 900 });
    const created = await s.sell([{ product: a, quantity: 2 }]);
    const saleId = created.body.data.id;
    const firstItem = created.body.data.items[0].id;

    const added = await s.http.post(
      '/api/sales/items',
      { sale_id: saleId, product_id: b.id, quantity: 2 },
      { token: s.admin },
    );
    expect(added.status).toBe(201);
    expect(added.body.data.total).toBe(60);
    expect(added.body.data.items.map((i: { product_id: string }) => i.product_id)).toEqual([a.id, b.id]);
    expect(added.body.data.items[1]).toMatchObject({ unit_price: 20, total_price: 40, quantity: 2 });
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, b.id)).toBe(1);
    const [bLine] = await s.ctx.db
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.saleId, saleId), eq(saleItems.productId, b.id)));
    expect(bLine!.unitCost).toBe(900);

    const beyond = await s.http.post(
      '/api/sales/items',
      { sale_id: saleId, product_id: b.id, quantity: 2 },
      { token: s.admin },
    );
    expect(beyond.status).toBe(409);
    expect(beyond.body.code).toBe('INSUFFICIENT_STOCK');
    expect(beyond.body.details).toEqual([{ product_id: b.id, product_name: b.name, requested: 2, available: 1 }]);

    const changed = await s.http.put(
      `/api/sales/items/${firstItem}`,
      { quantity: 5, unit_price: 9.5 },
      { token: s.admin },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.total).toBe(87.5);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, a.id)).toBe(5);
    const fewer = await s.http.put(`/api/sales/items/${firstItem}`, { quantity: 1 }, { token: s.admin });
    expect(fewer.body.data.total).toBe(49.5);
    expect(fewer.body.data.items[0]).toMatchObject({ quantity: 1, unit_price: 9.5, total_price: 9.5 });
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, a.id)).toBe(9);
    const tooMany = await s.http.put(`/api/sales/items/${firstItem}`, { quantity: 11 }, { token: s.admin });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.details).toEqual([{ product_id: a.id, product_name: a.name, requested: 10, available: 9 }]);

    const bItem = fewer.body.data.items[1].id;
    const removed = await s.http.delete(`/api/sales/${saleId}/items/${bItem}`, { token: s.admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data.total).toBe(9.5);
    expect(removed.body.data.items).toHaveLength(1);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, b.id)).toBe(3);
    const last = await s.http.delete(`/api/sales/${saleId}/items/${firstItem}`, { token: s.admin });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('Uma venda precisa de pelo menos um item. Para desfazê-la, cancele a venda.');

    const cash = await fixtures.cashOf(s.ctx.db, s.tenantId, saleId);
    expect(cash.map((e) => [e.type, e.amount])).toEqual([['income', 950]]);
    const [row] = await s.ctx.db.select().from(sales).where(eq(sales.id, saleId));
    expect(row!.total).toBe(950);

    // Refused on crediário and cancelled sales.
    const credit = await s.sellOnCredit([{ product: a, quantity: 1 }], { vencimentos: ['2031-01-01'] });
    const onCredit = await s.http.post(
      '/api/sales/items',
      { sale_id: credit.body.data.id, product_id: a.id, quantity: 1 },
      { token: s.admin },
    );
    expect(onCredit.status).toBe(409);
    expect(onCredit.body.error).toBe(
      'Não é possível alterar itens de uma venda no crediário. Cancele e registre uma nova venda.',
    );
    const creditItem = credit.body.data.items[0].id;
    expect((await s.http.put(`/api/sales/items/${creditItem}`, { quantity: 2 }, { token: s.admin })).status).toBe(409);
    await s.http.put(`/api/sales/${saleId}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    const onCancelled = await s.http.put(`/api/sales/items/${firstItem}`, { quantity: 2 }, { token: s.admin });
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.error).toBe('Esta venda está cancelada e não pode ser alterada.');
    expect(await fixtures.cashNetOf(s.ctx.db, s.tenantId, saleId)).toBe(0);

    // Unknown ids, and an item under the wrong sale.
    expect((await s.http.put(`/api/sales/items/${NO_UUID}`, { quantity: 1 }, { token: s.admin })).status).toBe(404);
    expect(
      (await s.http.delete(`/api/sales/${credit.body.data.id}/items/${firstItem}`, { token: s.admin })).status,
    ).toBe(404);
    expect(
      (await s.http.post('/api/sales/items', { sale_id: NO_UUID, product_id: a.id, quantity: 1 }, { token: s.admin }))
        .status,
    ).toBe(404);
  });

  it('PUT /api/sales/:id changes notes, status, method and customer; refuses crediário switches and cancelled sales', async () => {
    const p = await s.product(10);
    const other = await fixtures.makeCustomer(s.ctx.db, s.tenantId, 'Rui Campos');
    const created = await s.sell([{ product: p, quantity: 1 }]);
    const id = created.body.data.id;
    const res = await s.http.put(
      `/api/sales/${id}`,
      { notes: 'troca autorizada', payment_method: 'pix', payment_status: 'paid', customer_id: other.id },
      { token: s.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      notes: 'troca autorizada',
      payment_method: 'pix',
      payment_status: 'paid',
      customer_id: other.id,
      customer_name: 'Rui Campos',
      total: created.body.data.total,
    });
    const [entry] = await fixtures.cashOf(s.ctx.db, s.tenantId, id);
    expect(entry!.description).toBe(`Venda ${fixtures.numberTag(created.body.data)} - Rui Campos`);
    const toCredit = await s.http.put(`/api/sales/${id}`, { payment_method: 'crediario' }, { token: s.admin });
    expect(toCredit.status).toBe(409);
    expect((await s.http.put(`/api/sales/${id}`, { payment_status: 'cancelled' }, { token: s.admin })).status).toBe(
      400,
    );
    expect((await s.http.put(`/api/sales/${id}`, { customer_id: NO_UUID }, { token: s.admin })).status).toBe(404);
    expect((await s.http.put(`/api/sales/${NO_UUID}`, { notes: 'x' }, { token: s.admin })).status).toBe(404);
    await s.http.put(`/api/sales/${id}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    const late = await s.http.put(`/api/sales/${id}`, { notes: 'depois' }, { token: s.admin });
    expect(late.status).toBe(409);
  });
});
