// The vale-troca given back in cash (POST /api/customers/:id/store-credit/payout): an
// exchange for a cheaper product whose rest goes back in dinheiro debits the ledger, writes
// one cash-book expense and comes out of the caixa's expected cash to the centavo; a replay
// (online, then the outbox) is one payout; never below zero (409 online, kept and flagged
// offline); never more than its return credited; a cashier's payout of a return over the
// limit that no admin approved is refused like the return; a cancelled new sale gives back
// only the vale it used.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, saleConflicts } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore } from '../../test/helpers';
import { atTill, cashOf, makeCustomer, makeProduct, saleBody, tillOpening } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('vale-troca given back in cash (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  /** A sentence with its no-break spaces read as spaces. */
  const shown = (text: string) => text.replace(/\s/g, ' ');
  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });

  const balanceOf = async (id: string) => (await storeRows(ctx.db, tenantId, customers, { id }))[0]!.storeCredit;
  const openSession = async () => {
    const res = await http.post('/api/cash-sessions', tillOpening(), keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const expectedCash = async (sessionId: string) => {
    const res = await http.get(`/api/cash-sessions/${sessionId}`, { token: admin });
    return (res.body.data.expected as { method: string; amount: number }[]).find((e) => e.method === 'cash')?.amount;
  };
  const ledger = async (customerId: string) => {
    const res = await http.get(`/api/customers/${customerId}/store-credit`, { token: cashier });
    expect(res.status).toBe(200);
    return (res.body.data.entries as { kind: string; amount: number; balance_after: number }[]).map((e) => [
      e.kind,
      e.amount,
      e.balance_after,
    ]);
  };
  const flagged = async (saleId: string, kindOf: 'store_credit_payout' | 'return_limit') =>
    (await storeRows(ctx.db, tenantId, saleConflicts, { saleId, kind: kindOf })).length > 0;

  /**
   * An exchange at the cashier's till: a sale of `price` in cash, one unit back for
   * vale-troca, a cheaper new sale of `newPrice` paid with the vale. Centavos in, reais out.
   */
  async function exchange(price: number, newPrice: number, session: string, extra: Record<string, unknown> = {}) {
    const customerId = (await makeCustomer(ctx.db, tenantId, `Cliente ${randomUUID().slice(0, 6)}`)).id;
    const dear = await makeProduct(ctx.db, tenantId, { stock: 10, price, cost: 100 });
    const cheap = await makeProduct(ctx.db, tenantId, { stock: 10, price: newPrice, cost: 100 });
    const sold = await http.post(
      '/api/sales',
      saleBody(customerId, [{ product: dear, quantity: 1 }], atTill(session)),
      keyed(cashier),
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const returnId = randomUUID();
    const back = await http.post(
      `/api/sales/${sold.body.data.id}/returns`,
      {
        id: returnId,
        lines: [{ sale_item_id: sold.body.data.items[0].id, quantity: 1 }],
        reason: 'Troca',
        refund_method: 'vale_troca',
        ...atTill(session),
        ...extra,
      },
      keyed(cashier),
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const newSale = await http.post(
      '/api/sales',
      saleBody(customerId, [{ product: cheap, quantity: 1 }], {
        ...atTill(session),
        payments: [{ method: 'store_credit', amount: newPrice / 100 }],
      }),
      keyed(cashier),
    );
    expect(newSale.status, JSON.stringify(newSale.body)).toBe(201);
    return { customerId, saleId: sold.body.data.id as string, returnId, newSaleId: newSale.body.data.id as string };
  }

  const payOut = (customerId: string, body: Record<string, unknown>, token = cashier, key = randomUUID()) =>
    http.post(`/api/customers/${customerId}/store-credit/payout`, body, keyed(token, key));

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    const set = await http.put('/api/settings', { cashier_max_return: 10_000 }, keyed(admin));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  });

  it('the rest of an exchange in cash: the ledger, one cash-book expense and the caixa to the centavo; a replay is one payout', async () => {
    const session = await openSession();
    const ex = await exchange(8990, 3745, session);
    // Float R$ 100,00 + the sale's R$ 89,90 in cash; the vale moved no money.
    expect(await expectedCash(session)).toBe(189.9);
    expect(await balanceOf(ex.customerId)).toBe(5245);

    const id = randomUUID();
    const key = randomUUID();
    const body = { id, amount: 52.45, return_id: ex.returnId, sale_id: ex.newSaleId, ...atTill(session) };
    const paid = await payOut(ex.customerId, body, cashier, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data).toMatchObject({
      id,
      amount: 52.45,
      taken: 52.45,
      conflict: false,
      cash_session_id: session,
      store_credit_balance: 0,
    });
    // The same key again, online and as the outbox sends it: the same answer, nothing more.
    const again = await payOut(ex.customerId, body, cashier, key);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(paid.body.data);
    const replay = await payOut(ex.customerId, { ...body, offline: true }, cashier, key);
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(id);

    expect(await balanceOf(ex.customerId)).toBe(0);
    expect(await ledger(ex.customerId)).toEqual([
      ['credit', 89.9, 89.9],
      ['use', 37.45, 52.45],
      ['payout', 52.45, 0],
    ]);
    const expenses = (await cashOf(ctx.db, tenantId, ex.saleId)).filter((e) => e.type === 'expense');
    expect(expenses.map((e) => [e.description.split(' - ')[0], e.amount, e.paymentMethod])).toEqual([
      ['Vale-troca em dinheiro', 5245, 'cash'],
    ]);
    // R$ 189,90 - R$ 52,45 given back.
    expect(await expectedCash(session)).toBe(137.45);
    // Nothing left to give back of that return.
    const more = await payOut(ex.customerId, { amount: 0.01, return_id: ex.returnId, ...atTill(session) });
    expect(more.status).toBe(409);
  });

  it('never below zero and never more than the return credited: 409 online; offline kept whole, the ledger at zero, flagged', async () => {
    const session = await openSession();
    const ex = await exchange(6000, 2000, session);
    expect(await balanceOf(ex.customerId)).toBe(4000);
    const base = { return_id: ex.returnId, sale_id: ex.newSaleId, ...atTill(session) };
    const beyondReturn = await payOut(ex.customerId, { ...base, amount: 60.01 });
    expect(beyondReturn.status).toBe(409);
    expect(shown(beyondReturn.body.error)).toBe('Desta devolução, só R$ 60,00 de vale-troca pode voltar em dinheiro.');
    const beyondBalance = await payOut(ex.customerId, { ...base, amount: 40.01 });
    expect(beyondBalance.status).toBe(409);
    expect(shown(beyondBalance.body.error)).toContain('O vale-troca do cliente tem R$ 40,00');
    expect(await balanceOf(ex.customerId)).toBe(4000);
    expect(await expectedCash(session)).toBe(160);

    // Part of it in cash online, then offline (the till did not know) more than is left.
    expect((await payOut(ex.customerId, { ...base, amount: 15 })).status).toBe(201);
    const offline = await payOut(ex.customerId, { ...base, amount: 30, offline: true });
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    expect(offline.body.data).toMatchObject({ amount: 30, taken: 25, conflict: true, store_credit_balance: 0 });
    expect(await balanceOf(ex.customerId)).toBe(0);
    expect(await ledger(ex.customerId)).toEqual([
      ['credit', 60, 60],
      ['use', 20, 40],
      ['payout', 15, 25],
      ['payout', 25, 0],
    ]);
    // The cash left the till: the book and the caixa count all of it.
    const expenses = (await cashOf(ctx.db, tenantId, ex.saleId)).filter((e) => e.type === 'expense');
    expect(expenses.reduce((s, e) => s + e.amount, 0)).toBe(4500);
    expect(await expectedCash(session)).toBe(115);
    expect(await flagged(ex.saleId, 'store_credit_payout')).toBe(true);
  });

  it('a cashier cannot pass the return limit through a payout: a flagged return over it is refused online, flagged offline; an admin may', async () => {
    const session = await openSession();
    // R$ 150,00 back offline by the cashier, over the R$ 100,00 limit and not approved: flagged.
    const ex = await exchange(15000, 1000, session, { offline: true });
    expect(await flagged(ex.saleId, 'return_limit')).toBe(true);
    await ctx.db.delete(saleConflicts).where(eq(saleConflicts.saleId, ex.saleId));
    const base = { return_id: ex.returnId, ...atTill(session) };
    const refused = await payOut(ex.customerId, { ...base, amount: 140 });
    expect(refused.status).toBe(409);
    expect(shown(refused.body.error)).toContain('Devoluções acima de R$ 100,00 precisam de um administrador');
    // Within the limit it goes (R$ 100,00); one more centavo over the return's total does not.
    expect((await payOut(ex.customerId, { ...base, amount: 100 })).status).toBe(201);
    expect((await payOut(ex.customerId, { ...base, amount: 0.01 })).status).toBe(409);
    const offline = await payOut(ex.customerId, { ...base, amount: 10, offline: true });
    expect(offline.status).toBe(201);
    expect(offline.body.data.conflict).toBe(true);
    expect(await flagged(ex.saleId, 'return_limit')).toBe(true);

    // An admin signed in has no limit.
    const other = await exchange(15000, 1000, session, { offline: true });
    const byAdmin = await payOut(other.customerId, { return_id: other.returnId, amount: 140 }, admin);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(await balanceOf(other.customerId)).toBe(0);
  });

  it("a cancelled exchange sale gives back only the vale it used, not the payout's", async () => {
    const session = await openSession();
    const ex = await exchange(5000, 2000, session);
    expect((await payOut(ex.customerId, { return_id: ex.returnId, sale_id: ex.newSaleId, amount: 30 })).status).toBe(
      201,
    );
    const cancelled = await http.put(`/api/sales/${ex.newSaleId}/cancel`, { reason: 'Erro' }, keyed(admin));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await balanceOf(ex.customerId)).toBe(2000);
  });

  it("another customer's return, an unknown one, or an unknown new sale online: 404", async () => {
    const session = await openSession();
    const ex = await exchange(5000, 2000, session);
    const stranger = (await makeCustomer(ctx.db, tenantId, 'Outro Cliente')).id;
    expect((await payOut(stranger, { return_id: ex.returnId, amount: 10 })).status).toBe(404);
    expect((await payOut(ex.customerId, { return_id: randomUUID(), amount: 10 })).status).toBe(404);
    // A new sale the store does not have: 404 online; offline (the cash already left) kept unnamed.
    const unknownSale = { return_id: ex.returnId, sale_id: randomUUID(), amount: 10 };
    expect((await payOut(ex.customerId, unknownSale)).status).toBe(404);
    const kept = await payOut(ex.customerId, { ...unknownSale, offline: true });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.data).toMatchObject({ sale_id: null, amount: 10, conflict: false });
  });
});
