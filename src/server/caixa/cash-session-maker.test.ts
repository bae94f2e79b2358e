// Who made an act from the outbox: the outbox delivers with whoever is signed in at
// delivery, so a queued sale, return, vale-troca payout or instalment names its maker
// (`made_by`, the device's signed-in user when it was made) and the caixa rule holds that
// user to it. After a shift change the cashier who sold offline into their own caixa is no
// conflict; a sale made by another person in that caixa still is; a maker who is no user
// of the store is not trusted (the deliverer counts); online the token's user is the maker.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsReceivable, saleConflicts, sales } from '../db/schema';
import { login, NO_STORE, storeRows, useTestStore } from '../test/helpers';
import { atTill, makeCustomer, makeProduct, saleBody, tillOpening, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { CASH_SESSION_OTHER_PERSON } from './cash-session-use';

describe.each(databases())('who made an act from the outbox (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  /** The demo store's cashier (A) and the cashier who signs in after them on the same till (B). */
  let cashierId = '';
  let nextId = '';
  let next = '';
  let otherStoreAdminId = '';
  let product: ProductFixture;
  let customerId: string;
  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });

  const open = async (token: string) => {
    const res = await http.post('/api/cash-sessions', tillOpening(), keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const expectedCash = async (id: string) => {
    const res = await http.get(`/api/cash-sessions/${id}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.expected as { method: string; amount: number }[]).find((e) => e.method === 'cash')!.amount;
  };
  const sell = (token: string, extra: Record<string, unknown>) =>
    http.post('/api/sales', saleBody(customerId, [{ product, quantity: 1 }], extra), keyed(token));
  const sold = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await sell(token, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; items: { id: string }[]; cash_session_id: string | null; created_by: string };
  };
  const flagged = async (saleId: string) =>
    (await storeRows(ctx.db, tenantId, saleConflicts, { saleId, kind: 'cash_session' })).length;
  const sellerOf = async (saleId: string) => (await storeRows(ctx.db, tenantId, sales, { id: saleId }))[0]!.createdBy;

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    cashierId = ctx.demo.cashier.id;
    otherStoreAdminId = ctx.other.admin.id;
    product = await makeProduct(ctx.db, tenantId, { stock: 10_000, price: 3990 });
    customerId = (await makeCustomer(ctx.db, tenantId, 'Clara Turno')).id;
    const settings = { cashiers_receive_installments: true, cashier_max_return: 100_000 };
    expect((await http.put('/api/settings', settings, { token: admin })).status).toBe(200);
    const made = await http.post(
      '/api/users',
      { name: 'Caixa da Tarde', email: 'tarde@demo.com', role: 'user', password: 'senha-da-tarde' },
      keyed(admin),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    nextId = made.body.data.id as string;
    next = (await login(ctx.app, 'tarde@demo.com', 'senha-da-tarde')).accessToken;
  });

  it("a shift change: A's queued sale, return, payout and instalment delivered under B's session are in A's caixa, no conflict", async () => {
    const mine = await open(cashier);
    const byA = { ...atTill(mine), offline: true, made_by: cashierId };
    // Things A's acts act on, made by the admin with no caixa: a sale to return, a vale, an instalment.
    const toReturn = await sold(admin);
    const vale = await sold(admin);
    const back = await http.post(
      `/api/sales/${vale.id}/returns`,
      { lines: [{ sale_item_id: vale.items[0]!.id, quantity: 1 }], reason: 'Troca', refund_method: 'vale_troca' },
      keyed(admin),
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const crediario = { entrada: 0, parcelas: 1, vencimentos: [addDays(todayIso(), 30)] };
    const due = await sold(admin, { payment_method: 'crediario', crediario });
    const [account] = await storeRows(ctx.db, tenantId, accountsReceivable, { saleId: due.id });

    // A signed out, B signed in: the queue drains under B's token.
    const sale = await sold(next, byA);
    expect(sale.cash_session_id).toBe(mine);
    expect(await flagged(sale.id)).toBe(0);
    // The sale says who sold it: A, not whoever delivered it.
    expect(sale.created_by).toBe(cashierId);
    expect(await sellerOf(sale.id)).toBe(cashierId);

    const returned = await http.post(
      `/api/sales/${toReturn.id}/returns`,
      {
        lines: [{ sale_item_id: toReturn.items[0]!.id, quantity: 1 }],
        reason: 'Não serviu',
        refund_method: 'dinheiro',
        ...byA,
      },
      keyed(next),
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(returned.body.data.cash_session_id).toBe(mine);
    expect(await flagged(toReturn.id)).toBe(0);

    const payout = await http.post(
      `/api/customers/${customerId}/store-credit/payout`,
      { amount: 1, return_id: back.body.data.id, ...byA },
      keyed(next),
    );
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    expect(payout.body.data.cash_session_id).toBe(mine);
    expect(await flagged(vale.id)).toBe(0);

    const receipt = await http.post(
      `/api/accounts-receivable/${account!.id}/receive`,
      { payment_method: 'cash', ...byA },
      keyed(next),
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(await flagged(due.id)).toBe(0);
    // 100 + 39,90 (the sale) - 39,90 (the return) - 1,00 (the payout) + 39,90 (the instalment)
    expect(await expectedCash(mine)).toBe(138.9);
  });

  it("the outbox's batch: each sale is held to its own maker; B's sale in A's caixa is a conflict as before", async () => {
    const mine = await open(cashier);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const body = (made_by?: string) =>
      saleBody(customerId, [{ product, quantity: 1 }], {
        ...atTill(mine),
        offline: true,
        ...(made_by ? { made_by } : {}),
      });
    const res = await http.post(
      '/api/sales/batch',
      // A's sale, B's sale (B signed in while A's caixa was open on that till), an older app's without a maker.
      {
        sales: [
          { key: keys[0], body: body(cashierId) },
          { key: keys[1], body: body(nextId) },
          { key: keys[2], body: body() },
        ],
      },
      { token: next },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const made = (
      res.body.data.results as { status: number; body: { data: { id: string; cash_session_id: string } } }[]
    ).map((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data;
    });
    expect(made.map((s) => s.cash_session_id)).toEqual([mine, mine, mine]);
    expect([await flagged(made[0]!.id), await flagged(made[1]!.id), await flagged(made[2]!.id)]).toEqual([0, 1, 1]);
    expect([await sellerOf(made[0]!.id), await sellerOf(made[1]!.id), await sellerOf(made[2]!.id)]).toEqual([
      cashierId,
      nextId,
      nextId,
    ]);
  });

  it("a caixa's opening delivered under B's session is A's; a maker of another store is not believed", async () => {
    const opening = async (made_by: string) => {
      const res = await http.post('/api/cash-sessions', tillOpening({ made_by }), keyed(next));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: string; opened_by: string };
    };
    const mine = await opening(cashierId);
    expect(mine.opened_by).toBe(cashierId);
    // A's queued sale in it, delivered by B: A's own caixa.
    const sale = await sold(next, { ...atTill(mine.id), offline: true, made_by: cashierId });
    expect(await flagged(sale.id)).toBe(0);
    expect((await opening(otherStoreAdminId)).opened_by).toBe(nextId);
  });

  it('a maker who is no user of the store is not trusted: the deliverer is held to the caixa', async () => {
    const mine = await open(cashier);
    // Another store's admin would be let into any caixa of the device, if believed.
    const forged = await sold(next, { ...atTill(mine), offline: true, made_by: otherStoreAdminId });
    expect(forged.cash_session_id).toBe(mine);
    expect(await flagged(forged.id)).toBe(1);
    expect(await sellerOf(forged.id)).toBe(nextId);
    const nobody = await sold(next, { ...atTill(mine), offline: true, made_by: randomUUID() });
    expect(await flagged(nobody.id)).toBe(1);
    expect(await sellerOf(nobody.id)).toBe(nextId);
  });

  it("online the token's user is the maker: naming another is 403 as before", async () => {
    const mine = await open(cashier);
    const res = await sell(next, { ...atTill(mine), made_by: cashierId });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error).toBe(CASH_SESSION_OTHER_PERSON);
    const receipt = await http.post(
      `/api/accounts-receivable/${randomUUID()}/receive`,
      { payment_method: 'cash', ...atTill(mine), made_by: cashierId },
      keyed(next),
    );
    expect(receipt.status).toBe(403);
    expect(await expectedCash(mine)).toBe(100);
  });
});
