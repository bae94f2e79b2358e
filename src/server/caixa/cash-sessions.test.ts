// The till session on the server: a day of mixed sales, movements, instalments received
// (with multa and juros) and a blind close with every expected figure known to the centavo; the difference as one cash-book entry (and
// the movements as none); the same close sent twice is one close; refusals write nothing.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSE_ENTRY_LOCKED } from '../../shared/caixa';
import { addDays, todayIso } from '../../shared/dates';
import { cashFlowEntries, cashSessionMovements, cashSessions } from '../db/schema';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import { atTill, makeCustomer, makeProduct, saleBody, tillOpening, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

const BASE = '/api/cash-sessions';

describe.each(databases())('till sessions (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let product: ProductFixture;
  let customerId: string;

  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });
  const open = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await http.post(BASE, tillOpening(extra), keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const sell = async (token: string, sessionId: string | undefined, quantity: number, extra = {}) => {
    const body = saleBody(customerId, [{ product, quantity }], { ...atTill(sessionId), ...extra });
    const res = await http.post('/api/sales', body, keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const move = (token: string, id: string, kind: string, amount: number, key = randomUUID()) =>
    http.post(`${BASE}/${id}/movements`, { kind, amount, reason: `${kind} de teste` }, keyed(token, key));
  /** An instalment of R$ 100,00 due 30 days ago (no sale). */
  const lateInstalment = async () => {
    const made = await http.post(
      '/api/accounts-receivable',
      { description: 'Parcela atrasada', amount: 100, due_date: addDays(todayIso(), -30) },
      keyed(admin),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data.id as string;
  };
  const receive = async (id: string, body: Record<string, unknown>) => {
    const res = await http.post(`/api/accounts-receivable/${id}/receive`, body, keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** The cash book's entries of no sale and no account: a close's difference. */
  const sessionEntries = () =>
    ctx.db
      .select()
      .from(cashFlowEntries)
      .where(
        and(
          eq(cashFlowEntries.tenantId, tenantId),
          isNull(cashFlowEntries.saleId),
          isNull(cashFlowEntries.accountReceivableId),
        ),
      );
  const figure = (data: { figures: { method: string }[] }, method: string) =>
    data.figures.find((f) => f.method === method);
  const expected = (data: { expected: { method: string; amount: number }[] }) =>
    Object.fromEntries(data.expected.map((e) => [e.method, e.amount]));

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store);
    product = await makeProduct(ctx.db, tenantId, { stock: 10_000, price: 3990 });
    customerId = (await makeCustomer(ctx.db, tenantId)).id;
    // Multa 2%, juros 1% a month; cashiers receive instalments at the till.
    const terms = { late_fee_percent: 2, late_interest_monthly_percent: 1, cashiers_receive_installments: true };
    expect((await http.put('/api/settings', terms, { token: admin })).status).toBe(200);
  });

  it('a day of mixed sales and movements: expected figures to the centavo, a blind close with a shortage', async () => {
    const session = await open(cashier, { opening_float: 150.35, device_label: 'Caixa 1' });
    expect(session).toMatchObject({ status: 'open', opening_float: 150.35, sales_count: 0, figures: null });
    await sell(cashier, session.id, 1); // cash 39,90
    // Cash with change: R$ 100,00 handed over for 79,80; the till keeps 79,80.
    await sell(cashier, session.id, 2, { payments: [{ method: 'cash', amount: 79.8, received: 100 }] });
    // Split: 119,70 = 100,00 Pix + 19,70 in cash (R$ 20,00 handed over).
    await sell(cashier, session.id, 3, {
      payment_method: 'pix',
      payments: [
        { method: 'pix', amount: 100 },
        { method: 'cash', amount: 19.7, received: 20 },
      ],
    });
    // Crediário with its entrada by Pix: 15,00 in Pix.
    const byPix = { entrada: 15, entrada_method: 'pix', parcelas: 1, vencimentos: ['2027-01-10'] };
    await sell(cashier, session.id, 1, { payment_method: 'crediario', crediario: byPix });
    await sell(cashier, session.id, 3, { payment_method: 'pix' }); // 119,70
    await sell(cashier, session.id, 2, { payment_method: 'credit_card' }); // 79,80
    await sell(cashier, session.id, 1, { payment_method: 'debit_card' }); // 39,90
    const entrada = { entrada: 25.5, parcelas: 2, vencimentos: ['2027-01-10', '2027-02-10'] };
    await sell(cashier, session.id, 4, { payment_method: 'crediario', crediario: entrada }); // cash entrada 25,50
    const noEntrada = { entrada: 0, parcelas: 1, vencimentos: ['2027-01-10'] };
    await sell(cashier, session.id, 1, { payment_method: 'crediario', crediario: noEntrada }); // nothing taken
    const cancelled = await sell(cashier, session.id, 5); // cash 199,50, then cancelled: nothing
    expect((await http.put(`/api/sales/${cancelled.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin })).status).toBe(200);
    await sell(cashier, undefined, 1); // a sale of no session
    // An offline sale of the session, sent later by the outbox.
    await sell(cashier, session.id, 2, { offline: true, sold_at: new Date().toISOString() }); // cash 79,80
    expect((await move(cashier, session.id, 'suprimento', 50)).status).toBe(201);
    const sangria = await move(cashier, session.id, 'sangria', 80.1);
    expect(sangria.status).toBe(201);
    expect(sangria.body.data).toMatchObject({ kind: 'sangria', amount: 80.1, reason: 'sangria de teste' });

    // An instalment 30 days late paid in two goes at this till: R$ 40,00 in cash (multa 0,80,
    // juros 0,40: 41,20), then the rest by Pix (1,20 + 0,60: 61,80); one more paid at no till.
    const instalment = await lateInstalment();
    const part = await receive(instalment, { payment_method: 'cash', amount: 40, ...atTill(session.id) });
    expect(part).toMatchObject({ amount: 40, multa: 0.8, juros: 0.4, total: 41.2 });
    expect((await receive(instalment, { payment_method: 'pix', ...atTill(session.id) })).total).toBe(61.8);
    await receive(await lateInstalment(), { payment_method: 'cash' });

    // cash: 150,35 + 39,90 + 79,80 + 19,70 + 25,50 + 79,80 + 41,20 + 50,00 - 80,10 = 406,15
    // pix: 119,70 + 100,00 + 15,00 + 61,80 = 296,50
    const now = (await http.get(`${BASE}/${session.id}`, { token: cashier })).body.data;
    expect(expected(now)).toEqual({ cash: 406.15, pix: 296.5, credit_card: 79.8, debit_card: 39.9, transfer: 0 });
    expect(now.installments_by_method).toEqual([
      { method: 'cash', count: 1, amount: 41.2 },
      { method: 'pix', count: 1, amount: 61.8 },
    ]);
    const listed = (await http.get(`${BASE}?status=open`, { token: cashier })).body.data.sessions;
    expect(expected(listed.find((l: { id: string }) => l.id === session.id))).toEqual(expected(now));
    expect(now.sales_count).toBe(10);
    expect(now.movements.map((m: { kind: string }) => m.kind)).toEqual(['suprimento', 'sangria']);
    expect(now.sales_by_method).toEqual(
      expect.arrayContaining([
        { method: 'cash', count: 5, amount: 244.7 },
        { method: 'pix', count: 3, amount: 234.7 },
      ]),
    );
    // Sangria and suprimento are not income or expense.
    expect(await sessionEntries()).toEqual([]);

    // The blind count: R$ 3,45 short in cash, the rest as expected (within the R$ 5,00 tolerance).
    const counted = { cash: 402.7, pix: 296.5, credit_card: 79.8, debit_card: 39.9 };
    const key = randomUUID();
    const close = await http.post(`${BASE}/${session.id}/close`, { counted }, keyed(cashier, key));
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.data).toMatchObject({ status: 'closed', difference: -3.45, close_reason: null });
    expect(figure(close.body.data, 'cash')).toEqual({
      method: 'cash',
      expected: 406.15,
      counted: 402.7,
      difference: -3.45,
    });
    expect(figure(close.body.data, 'transfer')).toEqual({ method: 'transfer', expected: 0, counted: 0, difference: 0 });
    const entries = await sessionEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'expense', category: 'Quebra de caixa', amount: 345 });

    // The same close sent twice is one close; another close of it is refused.
    const again = await http.post(`${BASE}/${session.id}/close`, { counted }, keyed(cashier, key));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(close.body);
    const other = await http.post(`${BASE}/${session.id}/close`, { counted }, keyed(cashier));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('Este caixa já está fechado e não pode mais ser alterado.');
    expect(await sessionEntries()).toHaveLength(1);

    // A closed session is read-only: no movement, no online sale; an offline one is kept without it.
    expect((await move(cashier, session.id, 'suprimento', 1)).status).toBe(409);
    const online = await http.post(
      '/api/sales',
      saleBody(customerId, [{ product, quantity: 1 }], { ...atTill(session.id) }),
      keyed(cashier),
    );
    expect(online.status).toBe(409);
    const late = await sell(cashier, session.id, 1, { offline: true });
    expect(late.cash_session_id).toBeNull();
    // An instalment received naming the closed session is kept, in no caixa.
    await receive(await lateInstalment(), { payment_method: 'cash', ...atTill(session.id) });
    const after = (await http.get(`${BASE}/${session.id}`, { token: admin })).body.data;
    expect(after.figures).toEqual(close.body.data.figures);
    expect(after.sales_count).toBe(10);
  });

  it('a surplus is one income entry; beyond the tolerance the close needs a reason, and nothing is written without it', async () => {
    const session = await open(cashier, { opening_float: 20 });
    await sell(cashier, session.id, 1); // 39,90
    const before = await sessionEntries();
    const tooMuch = await http.post(`${BASE}/${session.id}/close`, { counted: { cash: 70 } }, keyed(cashier));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details).toEqual([{ path: 'reason', message: expect.stringContaining('tolerância') }]);
    expect(await sessionEntries()).toEqual(before);
    const [row] = await ctx.db.select().from(cashSessions).where(eq(cashSessions.id, session.id));
    expect(row!.status).toBe('open');

    const ok = await http.post(
      `${BASE}/${session.id}/close`,
      { counted: { cash: 70 }, reason: 'Troco de ontem esquecido na gaveta' },
      keyed(cashier),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ difference: 10.1, close_reason: 'Troco de ontem esquecido na gaveta' });
    const added = (await sessionEntries()).filter((e) => !before.some((b) => b.id === e.id));
    expect(added).toMatchObject([{ type: 'income', category: 'Sobra de caixa', amount: 1010 }]);

    // The close's entry keeps the book matching the money counted: neither edited nor deleted.
    const entryUrl = `/api/cash-flow/${added[0]!.id}`;
    const edit = await http.put(
      entryUrl,
      { date: added[0]!.date, type: 'income', description: 'Outra coisa', category: 'Vendas', amount: 1 },
      keyed(admin),
    );
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe(CLOSE_ENTRY_LOCKED);
    const removal = await http.delete(entryUrl, keyed(admin));
    expect(removal.status).toBe(409);
    expect(removal.body.error).toBe(CLOSE_ENTRY_LOCKED);
    expect((await sessionEntries()).find((e) => e.id === added[0]!.id)).toEqual(added[0]);

    // The store's tolerance is its setting (centavos).
    expect((await http.put('/api/settings', { cash_close_tolerance: 2000 }, { token: admin })).status).toBe(200);
    const wide = await open(cashier, { opening_float: 0 });
    const within = await http.post(`${BASE}/${wide.id}/close`, { counted: { cash: 19.99 } }, keyed(cashier));
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect((await http.put('/api/settings', { cash_close_tolerance: 500 }, { token: admin })).status).toBe(200);
  });

  it('refuses bad input naming the field, a second open session on a device, and others’ sessions', async () => {
    const device = randomUUID();
    const bad = await http.post(BASE, { device_id: device, opening_float: -1 }, keyed(cashier));
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('opening_float');
    const first = await open(cashier, { device_id: device });
    const second = await http.post(BASE, { device_id: device, opening_float: 0 }, keyed(admin));
    expect(second.status).toBe(409);
    expect(second.body.error).toContain('já tem um caixa aberto');
    const noReason = await http.post(`${BASE}/${first.id}/movements`, { kind: 'sangria', amount: 5 }, keyed(cashier));
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].path).toBe('reason');
    const noCash = await http.post(`${BASE}/${first.id}/close`, { counted: {} }, keyed(cashier));
    expect(noCash.status).toBe(400);
    expect(noCash.body.details[0].path).toBe('counted.cash');
    const movements = await ctx.db
      .select()
      .from(cashSessionMovements)
      .where(eq(cashSessionMovements.sessionId, first.id));
    expect(movements).toEqual([]);

    // An admin's session is not the cashier's; another store's is not found.
    const admins = await open(admin);
    expect((await http.get(`${BASE}/${admins.id}`, { token: cashier })).status).toBe(403);
    expect((await move(cashier, admins.id, 'sangria', 1)).status).toBe(403);
    expect((await http.get(`${BASE}/${first.id}`, { token: otherAdmin, host: OTHER_HOST })).status).toBe(404);
    const list = (await http.get(`${BASE}?limit=200`, { token: cashier })).body.data;
    expect(list.sessions.every((s: { opened_by: string }) => s.opened_by !== admins.opened_by)).toBe(true);
    const all = (await http.get(`${BASE}?limit=200&status=open`, { token: admin })).body.data;
    expect(all.sessions.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([first.id, admins.id]));

    // An admin closes the session a cashier left open on a lost device.
    const closed = await http.post(`${BASE}/${first.id}/close`, { counted: { cash: 100 } }, keyed(admin));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.closed_by).not.toBe(closed.body.data.opened_by);
    // The device may open again once its session is closed.
    await open(cashier, { device_id: device });
  });
});
