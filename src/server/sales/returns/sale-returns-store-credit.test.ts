// Returns to vale-troca on the server: the ledger never below zero (online 409, offline a
// conflict), and an exchange sent twice by the outbox counted once, to the centavo.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeCreditLedger } from '../../db/schema';
import { atTill, cashOf, makeCustomer, saleBody, stockOf } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { returnsSuite } from './sale-returns-fixtures';

describe.each(databases())('returns: vale-troca and exchanges (%s)', (kind) => {
  const { s, keyed, product, giveBack, saleTo, balanceOf, openSession, expectedOf, storeCreditOf } = returnsSuite(kind);

  it('vale-troca: credit on the customer, used in a later sale; online never beyond the balance, offline a conflict; the ledger never below zero', async () => {
    const buyer = (await makeCustomer(s.ctx.db, s.tenantId, 'Vera Vale')).id;
    const p = await product(2550, 1000, 50);
    const sale = await saleTo(buyer, [{ product: p, quantity: 2 }], {}, s.admin);
    const credit = await giveBack(
      sale.body.data.id,
      [{ sale_item_id: sale.body.data.items[0].id, quantity: 2 }],
      { refund_method: 'vale_troca' },
      s.cashier,
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.data).toMatchObject({ refunded: 51, store_credit_balance: 51, refund_payment_method: null });
    expect((await cashOf(s.ctx.db, s.tenantId, sale.body.data.id)).filter((e) => e.type === 'expense')).toEqual([]);
    expect(await balanceOf(buyer)).toBe(5100);

    // Online, more than the balance: 409 and nothing written.
    const q = await product(4000, 1000, 50);
    const over = await saleTo(buyer, [{ product: q, quantity: 2 }], {
      payments: [
        { method: 'store_credit', amount: 60 },
        { method: 'cash', amount: 20 },
      ],
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toContain('vale-troca');
    expect(await stockOf(s.ctx.db, s.tenantId, q.id)).toBe(50);

    // Within it: the part brings no money in, the balance goes down.
    const used = await saleTo(buyer, [{ product: q, quantity: 1 }], {
      payments: [
        { method: 'store_credit', amount: 30 },
        { method: 'pix', amount: 10 },
      ],
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    expect(used.body.data.payment_method).toBe('pix');
    expect((await cashOf(s.ctx.db, s.tenantId, used.body.data.id)).map((e) => [e.amount, e.paymentMethod])).toEqual([
      [1000, 'pix'],
    ]);
    expect(await balanceOf(buyer)).toBe(2100);

    // Offline, beyond the balance: the sale is kept, the balance stops at zero, a conflict is listed.
    const offline = await saleTo(buyer, [{ product: q, quantity: 1 }], {
      offline: true,
      payments: [{ method: 'store_credit', amount: 40 }],
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    expect(await balanceOf(buyer)).toBe(0);
    const conflicts = await s.http.get('/api/sale-conflicts', { token: s.admin });
    expect(
      conflicts.body.data.conflicts.some(
        (c: { sale_id: string; kind: string }) => c.sale_id === offline.body.data.id && c.kind === 'store_credit',
      ),
    ).toBe(true);

    const ledger = await storeCreditOf(buyer);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries).toEqual([
      ['credit', 51, 51],
      ['use', 30, 21],
      ['use', 21, 0],
    ]);
    const rows = await s.ctx.db.select().from(storeCreditLedger).where(eq(storeCreditLedger.tenantId, s.tenantId));
    expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
  });

  it('an exchange (a return to vale-troca, then a new sale paid with it and cash), each sent twice by the outbox: once, to the centavo', async () => {
    const buyer = (await makeCustomer(s.ctx.db, s.tenantId, 'Tiago Troca')).id;
    const session = await openSession();
    const shirt = await product(2550, 1000, 10);
    const dearer = await product(4000, 1500, 10);
    const cheaper = await product(990, 400, 10);
    const sold = await saleTo(buyer, [{ product: shirt, quantity: 2 }], atTill(session));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const saleId = sold.body.data.id as string;
    expect(await expectedOf(session)).toMatchObject({ cash: 151 });

    // At the counter, offline: one shirt back for vale-troca, a dearer item paid with the
    // vale and R$ 14,50 in cash. The outbox sends each twice (a lost answer): same keys.
    const returnId = randomUUID();
    const returnKey = randomUUID();
    const saleKey = randomUUID();
    const returnBody = {
      id: returnId,
      lines: [{ sale_item_id: sold.body.data.items[0].id, quantity: 1 }],
      reason: 'Troca por outro modelo',
      refund_method: 'vale_troca',
      offline: true,
      ...atTill(session),
    };
    const newSaleId = randomUUID();
    const newSale = saleBody(buyer, [{ product: dearer, quantity: 1 }], {
      id: newSaleId,
      offline: true,
      ...atTill(session),
      payments: [
        { method: 'store_credit', amount: 25.5 },
        { method: 'cash', amount: 14.5, received: 20 },
      ],
    });
    for (let i = 0; i < 2; i++) {
      const back = await s.http.post(`/api/sales/${saleId}/returns`, returnBody, keyed(s.cashier, returnKey));
      expect(back.status, JSON.stringify(back.body)).toBe(201);
      expect(back.body.data).toMatchObject({ id: returnId, amount: 25.5, store_credit_balance: 25.5 });
      const paid = await s.http.post('/api/sales', newSale, keyed(s.cashier, saleKey));
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
    expect(await stockOf(s.ctx.db, s.tenantId, shirt.id)).toBe(9);
    expect(await stockOf(s.ctx.db, s.tenantId, dearer.id)).toBe(9);
    expect(await balanceOf(buyer)).toBe(0);
    // The caixa: R$ 51,00 + R$ 14,50 in cash; the vale moves no money.
    expect(await expectedOf(session)).toMatchObject({ cash: 165.5 });
    const book = (await cashOf(s.ctx.db, s.tenantId, newSaleId)).map((e) => [e.type, e.amount, e.paymentMethod]);
    expect(book).toEqual([['income', 1450, 'cash']]);
    expect((await cashOf(s.ctx.db, s.tenantId, saleId)).map((e) => [e.type, e.amount])).toEqual([['income', 5100]]);

    // The other shirt for a cheaper item: the vale pays it and R$ 15,60 stays as vale-troca.
    const second = await s.http.post(
      `/api/sales/${saleId}/returns`,
      { ...returnBody, id: randomUUID(), reason: 'Troca', offline: false },
      keyed(s.cashier),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // Never more vale than the returns gave: online a 409, nothing written.
    const over = await saleTo(buyer, [{ product: dearer, quantity: 1 }], {
      ...atTill(session),
      payments: [
        { method: 'store_credit', amount: 25.51 },
        { method: 'cash', amount: 14.49 },
      ],
    });
    expect(over.status).toBe(409);
    const small = await saleTo(buyer, [{ product: cheaper, quantity: 1 }], {
      ...atTill(session),
      payments: [{ method: 'store_credit', amount: 9.9 }],
    });
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(await balanceOf(buyer)).toBe(1560);
    expect(await expectedOf(session)).toMatchObject({ cash: 165.5 });
    const ledger = await storeCreditOf(buyer);
    expect(ledger.entries).toEqual([
      ['credit', 25.5, 25.5],
      ['use', 25.5, 0],
      ['credit', 25.5, 25.5],
      ['use', 9.9, 15.6],
    ]);
  });
});
