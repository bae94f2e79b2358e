// Who may put money in a caixa: a sale, a return, a vale-troca payout and an instalment go
// into the caixa open on the device they were made on, opened by whoever makes them (an
// admin covering a till may use the caixa open on it). Online anything else is refused
// (403 another person's, 409 another device's) and the caixa's figures do not move; from
// the outbox it is kept and recorded as a 'cash_session' conflict. And a cashier's Caixas
// list is today's (spec §6): their caixas opened or closed today and any still open.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsReceivable, cashSessions, saleConflicts } from '../db/schema';
import { login, NO_STORE, storeRows, useTestStore } from '../test/helpers';
import { atTill, makeCustomer, makeProduct, saleBody, tillOpening, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { CASH_SESSION_NOT_TODAY } from './cash-session-queries';
import { CASH_SESSION_OTHER_DEVICE, CASH_SESSION_OTHER_PERSON } from './cash-session-use';

const BASE = '/api/cash-sessions';

describe.each(databases())('who may touch a caixa (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let other = '';
  let product: ProductFixture;
  let customerId: string;
  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });

  const open = async (token: string) => {
    const res = await http.post(BASE, tillOpening(), keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const expectedCash = async (id: string) => {
    const res = await http.get(`${BASE}/${id}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.expected as { method: string; amount: number }[]).find((e) => e.method === 'cash')!.amount;
  };
  const sell = (token: string, extra: Record<string, unknown>) =>
    http.post('/api/sales', saleBody(customerId, [{ product, quantity: 1 }], extra), keyed(token));
  const sold = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await sell(token, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; items: { id: string }[]; cash_session_id: string | null };
  };
  const giveBack = (token: string, saleId: string, itemId: string, extra: Record<string, unknown>) =>
    http.post(
      `/api/sales/${saleId}/returns`,
      { lines: [{ sale_item_id: itemId, quantity: 1 }], reason: 'Não serviu', refund_method: 'dinheiro', ...extra },
      keyed(token),
    );
  /** A return to vale-troca of a sale of the admin's: a payout can then give it back in cash. */
  const valeToPayOut = async () => {
    const sale = await sold(admin);
    const back = await giveBack(admin, sale.id, sale.items[0]!.id, { refund_method: 'vale_troca' });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    return { saleId: sale.id, returnId: back.body.data.id as string };
  };
  const payOut = (token: string, returnId: string, extra: Record<string, unknown>) =>
    http.post(
      `/api/customers/${customerId}/store-credit/payout`,
      { amount: 1, return_id: returnId, ...extra },
      keyed(token),
    );
  /** A crediário sale of the admin's with one instalment: its id and the instalment's. */
  const instalment = async () => {
    const crediario = { entrada: 0, parcelas: 1, vencimentos: [addDays(todayIso(), 30)] };
    const sale = await sold(admin, { payment_method: 'crediario', crediario });
    const [account] = await storeRows(ctx.db, tenantId, accountsReceivable, { saleId: sale.id });
    return { saleId: sale.id, id: account!.id };
  };
  const receive = (token: string, id: string, extra: Record<string, unknown>) =>
    http.post(`/api/accounts-receivable/${id}/receive`, { payment_method: 'cash', ...extra }, keyed(token));
  const flagged = async (saleId: string) =>
    (await storeRows(ctx.db, tenantId, saleConflicts, { saleId, kind: 'cash_session' })).length;

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    product = await makeProduct(ctx.db, tenantId, { stock: 10_000, price: 3990 });
    customerId = (await makeCustomer(ctx.db, tenantId, 'Clara Caixa')).id;
    const settings = { cashiers_receive_installments: true, cashier_max_return: 100_000 };
    expect((await http.put('/api/settings', settings, { token: admin })).status).toBe(200);
    const made = await http.post(
      '/api/users',
      { name: 'Outra Caixa', email: 'outra.caixa@demo.com', role: 'user', password: 'senha-da-outra' },
      keyed(admin),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    other = (await login(ctx.app, 'outra.caixa@demo.com', 'senha-da-outra')).accessToken;
  });

  it("online, a cashier's sale, return, payout or instalment in another person's caixa is 403 and moves nothing", async () => {
    const admins = await open(admin);
    const others = await open(other);
    const mine = await sold(cashier);
    const before = await expectedCash(admins);

    // The return in dinheiro into the admin's caixa (the device the admin's caixa is on).
    const back = await giveBack(cashier, mine.id, mine.items[0]!.id, atTill(admins));
    expect(back.status, JSON.stringify(back.body)).toBe(403);
    expect(back.body.error).toBe(CASH_SESSION_OTHER_PERSON);
    expect(await expectedCash(admins)).toBe(before);

    const sale = await sell(cashier, atTill(others));
    expect(sale.status).toBe(403);
    expect(sale.body.error).toBe(CASH_SESSION_OTHER_PERSON);
    expect(await expectedCash(others)).toBe(100);

    const vale = await valeToPayOut();
    const payout = await payOut(cashier, vale.returnId, atTill(admins));
    expect(payout.status).toBe(403);
    expect(payout.body.error).toBe(CASH_SESSION_OTHER_PERSON);

    const due = await instalment();
    const receipt = await receive(cashier, due.id, atTill(others));
    expect(receipt.status).toBe(403);
    expect(receipt.body.error).toBe(CASH_SESSION_OTHER_PERSON);
    expect(await expectedCash(admins)).toBe(before);
    expect(await expectedCash(others)).toBe(100);

    // Their own caixa, on its device: accepted.
    const own = await open(cashier);
    expect((await sold(cashier, atTill(own))).cash_session_id).toBe(own);
    expect((await receive(cashier, due.id, atTill(own))).status).toBe(200);
    expect(await expectedCash(own)).toBe(179.8);
  });

  it('online, the caixa of another device is 409, for the admin too; an admin may sell in the caixa open on their till', async () => {
    const mine = await open(cashier);
    const elsewhere = { cash_session_id: mine, device_id: randomUUID() };
    const sale = await sell(cashier, elsewhere);
    expect(sale.status).toBe(409);
    expect(sale.body.error).toBe(CASH_SESSION_OTHER_DEVICE);
    // Naming no device is not naming this caixa's.
    expect((await sell(cashier, { cash_session_id: mine })).status).toBe(409);
    const first = await sold(cashier);
    expect((await giveBack(cashier, first.id, first.items[0]!.id, elsewhere)).status).toBe(409);
    const vale = await valeToPayOut();
    expect((await payOut(admin, vale.returnId, elsewhere)).status).toBe(409);
    const due = await instalment();
    const receipt = await receive(admin, due.id, elsewhere);
    expect(receipt.status).toBe(409);
    expect(receipt.body.error).toBe(CASH_SESSION_OTHER_DEVICE);
    expect(await expectedCash(mine)).toBe(100);

    // The admin covering the cashier's till: the money is in that drawer.
    const covered = await sold(admin, atTill(mine));
    expect(covered.cash_session_id).toBe(mine);
    expect(await flagged(covered.id)).toBe(0);
    expect(await expectedCash(mine)).toBe(139.9);
  });

  it("from the outbox it already happened: kept, in the device's caixa when another person's, in none when another device's, and flagged", async () => {
    const admins = await open(admin);
    // A sale made offline on the till where the admin's caixa is open.
    const there = await sold(cashier, { ...atTill(admins), offline: true });
    expect(there.cash_session_id).toBe(admins);
    expect(await flagged(there.id)).toBe(1);
    expect(await expectedCash(admins)).toBe(139.9);
    // Another device's caixa: the money is not in that drawer.
    const away = await sold(cashier, { cash_session_id: admins, device_id: randomUUID(), offline: true });
    expect(away.cash_session_id).toBeNull();
    expect(await flagged(away.id)).toBe(1);

    const own = await sold(cashier);
    const back = await giveBack(cashier, own.id, own.items[0]!.id, { ...atTill(admins), offline: true });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.data.cash_session_id).toBe(admins);
    expect(await flagged(own.id)).toBe(1);

    const vale = await valeToPayOut();
    const payout = await payOut(cashier, vale.returnId, { ...atTill(admins), offline: true });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    expect(await flagged(vale.saleId)).toBe(1);

    const due = await instalment();
    const receipt = await receive(cashier, due.id, { ...atTill(admins), offline: true });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(await flagged(due.saleId)).toBe(1);
    // 100 + 39,90 (the sale) - 39,90 (the return) - 1,00 (the payout) + 39,90 (the instalment)
    expect(await expectedCash(admins)).toBe(138.9);

    // Admins see them in Conflitos de Vendas.
    const list = await http.get('/api/sale-conflicts?limit=200', { token: admin });
    const kinds = (list.body.data.conflicts as { kind: string; sale_id: string }[]).filter(
      (c) => c.kind === 'cash_session',
    );
    expect(kinds.map((c) => c.sale_id).sort()).toEqual([there.id, away.id, own.id, vale.saleId, due.saleId].sort());

    // A caixa closed before its queued sale arrives: the sale is kept in no caixa, as always, not flagged.
    const mine = await open(cashier);
    const closed = await http.post(`${BASE}/${mine}/close`, { counted: { cash: 100 } }, keyed(cashier));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const late = await sold(cashier, { ...atTill(mine), offline: true });
    expect(late.cash_session_id).toBeNull();
    expect(await flagged(late.id)).toBe(0);
  });

  it("a cashier's Caixas list is today's: theirs opened or closed today and any still open", async () => {
    const old = await open(cashier);
    expect((await http.post(`${BASE}/${old}/close`, { counted: { cash: 100 } }, keyed(cashier))).status).toBe(200);
    const forgotten = await open(cashier);
    const today = await open(cashier);
    expect((await http.post(`${BASE}/${today}/close`, { counted: { cash: 100 } }, keyed(cashier))).status).toBe(200);
    // Three days ago: one closed then, one never closed.
    const threeDaysAgo = sql`now() - interval '3 days'`;
    await ctx.db
      .update(cashSessions)
      .set({ openedAt: threeDaysAgo, closedAt: threeDaysAgo })
      .where(and(eq(cashSessions.tenantId, tenantId), eq(cashSessions.id, old)));
    await ctx.db
      .update(cashSessions)
      .set({ openedAt: threeDaysAgo })
      .where(and(eq(cashSessions.tenantId, tenantId), eq(cashSessions.id, forgotten)));

    const listed = async (token: string, query = '') => {
      const res = await http.get(`${BASE}?limit=200${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.sessions as { id: string }[]).map((s) => s.id);
    };
    const start = addDays(todayIso(), -5);
    for (const query of ['', `&start_date=${start}&end_date=${todayIso()}`, '&status=closed']) {
      const mine = await listed(cashier, query);
      expect(mine).not.toContain(old);
      expect(mine).toContain(today);
      if (query !== '&status=closed') expect(mine).toContain(forgotten);
    }
    const read = await http.get(`${BASE}/${old}`, { token: cashier });
    expect(read.status).toBe(403);
    expect(read.body.error).toBe(CASH_SESSION_NOT_TODAY);
    expect((await http.get(`${BASE}/${forgotten}`, { token: cashier })).status).toBe(200);
    // An admin sees every day.
    expect(await listed(admin)).toEqual(expect.arrayContaining([old, forgotten, today]));
    expect((await http.get(`${BASE}/${old}`, { token: admin })).status).toBe(200);
  });
});
