// A sale the vale-troca paid whole brought no money in: the server records 'store_credit'
// as its method (not the method the till had selected), the history finds it under
// 'Vale-troca' and not 'Dinheiro', its detail says what was left of the vale right after it
// (as the ledger recorded, so a later reprint prints the same), and it cannot be corrected
// into a cash sale.
import { describe, expect, it } from 'vitest';
import { makeCustomer } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { returnsSuite } from '../returns/sale-returns-fixtures';

describe.each(databases())('a sale paid with vale-troca (%s)', (kind) => {
  const { s, product, saleTo, giveBack } = returnsSuite(kind);

  it('is recorded, listed and detailed as Vale-troca, with the balance left after it', async () => {
    const buyer = (await makeCustomer(s.ctx.db, s.tenantId, 'Vânia Vale')).id;
    const p = await product(3995, 1000, 50);
    const first = await saleTo(buyer, [{ product: p, quantity: 2 }], {}, s.admin);
    const back = await giveBack(first.body.data.id, [{ sale_item_id: first.body.data.items[0].id, quantity: 2 }], {
      refund_method: 'vale_troca',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);

    // Wholly with the vale: the till still says 'cash' as its selected method.
    const whole = await saleTo(buyer, [{ product: p, quantity: 1 }], {
      payments: [{ method: 'store_credit', amount: 39.95 }],
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body.data.payment_method).toBe('store_credit');
    // Partly: the money part names the sale.
    const part = await saleTo(buyer, [{ product: p, quantity: 2 }], {
      payments: [
        { method: 'store_credit', amount: 25 },
        { method: 'cash', amount: 54.9 },
      ],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data.payment_method).toBe('cash');

    const listed = async (method: string) =>
      (
        await s.http.get(`/api/sales?payment_method=${method}&customer_id=${buyer}`, { token: s.admin })
      ).body.data.sales.map((x: { id: string }) => x.id);
    expect(await listed('store_credit')).toEqual(expect.arrayContaining([whole.body.data.id, part.body.data.id]));
    expect(await listed('cash')).not.toContain(whole.body.data.id);

    const detail = async (id: string) => (await s.http.get(`/api/sales/${id}`, { token: s.admin })).body.data;
    expect((await detail(whole.body.data.id)).store_credit_balance_after).toBe(39.95);
    expect((await detail(part.body.data.id)).store_credit_balance_after).toBe(14.95);
    expect((await detail(first.body.data.id)).store_credit_balance_after).toBeNull();

    // The vale's ledger names what the sale used: no correction into a cash sale.
    const fix = await s.http.put(`/api/sales/${whole.body.data.id}`, { payment_method: 'cash' }, { token: s.admin });
    expect(fix.status).toBe(409);
    expect(fix.body.error).toContain('vale-troca');
  });
});
