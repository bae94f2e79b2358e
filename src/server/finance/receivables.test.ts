// Accounts receivable on the server: crediário installments as the sale wrote them,
// accounts entered by hand, search by name or CPF/CNPJ, the cashier's today scope,
// statistics and overdue against hand-computed figures, payments and the status rules.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSALS } from '../../shared/accounts';
import { addDays, todayIso } from '../../shared/dates';
import { createCustomer } from '../catalogue/customers';
import { accountsReceivable, cashFlowEntries } from '../db/schema';
import { OTHER_HOST, NO_STORE, useTestStore, storeRows } from '../test/helpers';
import { cashNetOf, crediarioBody, makeProduct } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

const BASE = '/api/accounts-receivable';

describe.each(databases())('accounts receivable (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let joana: { id: string; name: string };
  let pedro: { id: string; name: string };
  const today = todayIso();
  const day = (n: number) => addDays(today, n);

  const account = (extra: Record<string, unknown> = {}) => ({
    description: 'Conserto de bainha',
    amount: 35,
    due_date: day(5),
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await http.post(BASE, account(extra), { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const list = async (query: string, token = admin) => (await http.get(`${BASE}?${query}`, { token })).body.data;
  const ids = async (query: string, token = admin) =>
    (await list(query, token)).accountsReceivable.map((a: { id: string }) => a.id);
  const entriesOf = (id: string) => storeRows(ctx.db, tenantId, cashFlowEntries, { accountReceivableId: id });

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store);
    joana = await createCustomer(ctx.db, tenantId, { name: 'Joana Prado', document: '52998224725', active: true });
    pedro = await createCustomer(ctx.db, tenantId, { name: 'Pedro Lima', active: true });
  });
  beforeEach(async () => {
    await ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, tenantId));
    await ctx.db.delete(accountsReceivable).where(eq(accountsReceivable.tenantId, tenantId));
  });

  it("shows a crediário sale's installments with their customer and sale, and receives one", async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 10, price: 10000 });
    const sale = await http.post(
      '/api/sales',
      crediarioBody(joana.id, [{ product, quantity: 3 }], { entrada: 50, vencimentos: [day(-10), day(20), day(50)] }),
      { token: cashier },
    );
    expect(sale.status).toBe(201);
    const saleId = sale.body.data.id as string;
    const installments = (await list('page=1&limit=50')).accountsReceivable;
    expect(installments).toHaveLength(3);
    expect(installments.map((a: { amount: number }) => a.amount)).toEqual([83.33, 83.33, 83.34]);
    expect(installments[0]).toMatchObject({
      customer_id: joana.id,
      customer: { name: 'Joana Prado', document: '52998224725' },
      sale_id: saleId,
      installment_number: 1,
      payment_method: 'crediario',
      status: 'overdue',
      due_date: day(-10),
    });

    const first = installments[0].id as string;
    const paid = await http.patch(`${BASE}/${first}/mark-as-paid`, { payment_date: today }, { token: admin });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payment_date: today });
    const [entry] = await entriesOf(first);
    expect(entry).toMatchObject({
      type: 'income',
      category: 'Vendas',
      amount: 8333,
      date: today,
      saleId,
      description: `Recebimento - ${installments[0].description} - Joana Prado`,
    });

    // An installment keeps the sale's amount and customer, and is not deleted.
    const second = installments[1].id as string;
    const changeAmount = await http.put(`${BASE}/${second}`, { amount: 10 }, { token: admin });
    expect(changeAmount.status).toBe(409);
    expect(changeAmount.body.error).toContain('mantém o valor e o cliente da venda');
    expect((await http.put(`${BASE}/${second}`, { customer_id: pedro.id }, { token: admin })).status).toBe(409);
    const moved = await http.put(`${BASE}/${second}`, { due_date: day(25), notes: 'combinado' }, { token: admin });
    expect(moved.body.data).toMatchObject({ due_date: day(25), notes: 'combinado', amount: 83.33 });
    const removed = await http.delete(`${BASE}/${second}`, { token: admin });
    expect(removed.status).toBe(409);
    expect(removed.body.error).toContain('não pode ser excluída');

    // Cancelling the sale cancels the open installments; the paid one stays paid and its
    // money stays in the cash book (the sale's own entrada is what the cancel reverses).
    expect((await http.put(`/api/sales/${saleId}/cancel`, { reason: 'Cliente desistiu' }, { token: admin })).status).toBe(200);
    const after = (await list('page=1&limit=50')).accountsReceivable;
    expect(after.map((a: { status: string }) => a.status).sort()).toEqual(['cancelled', 'cancelled', 'paid']);
    expect(await entriesOf(first)).toHaveLength(1);
    expect(await cashNetOf(ctx.db, tenantId, saleId)).toBe(8333);
  });

  it('searches by customer name or CPF with or without punctuation, and filters by status and due dates', async () => {
    const a = await create({ customer_id: joana.id, due_date: day(-2) });
    const b = await create({ customer_id: pedro.id, due_date: day(3) });
    const c = await create({ due_date: day(40) });
    expect(await ids('search=joana')).toEqual([a.id]);
    expect(await ids('search=529.982')).toEqual([a.id]);
    expect(await ids('search=52998224725')).toEqual([a.id]);
    expect(await ids('search=LIMA')).toEqual([b.id]);
    expect(await ids('search=ninguém')).toEqual([]);
    expect(await ids('status=overdue')).toEqual([a.id]);
    expect(await ids('status=pending')).toEqual([b.id, c.id]);
    expect(await ids(`start_date=${day(0)}&end_date=${day(30)}`)).toEqual([b.id]);
    expect(await ids(`start_date=${day(10)}`)).toEqual([c.id]);
    expect(await ids('status=&start_date=&end_date=&search=&page=1&limit=50')).toHaveLength(3);
    const reversed = await http.get(`${BASE}?start_date=${day(5)}&end_date=${day(1)}`, { token: admin });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('A data inicial não pode ser posterior à data final.');
  });

  it("statistics and overdue by due date; a cashier sees today's only, whatever the query asks", async () => {
    await create({ amount: 10, due_date: today });
    await create({ amount: 20.5, due_date: day(3) });
    const late = await create({ amount: 30, due_date: day(-4), customer_id: pedro.id });
    const paid = await create({ amount: 40, due_date: today });
    await http.patch(`${BASE}/${paid.id}/mark-as-paid`, {}, { token: admin });
    const off = await create({ amount: 50, due_date: day(-1) });
    await http.patch(`${BASE}/${off.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin });

    const stats = async (query: string, token = admin) =>
      (await http.get(`${BASE}/statistics?${query}`, { token })).body.data;
    expect(await stats('')).toEqual({ total_pending: 30.5, total_overdue: 30, count_pending: 2 });
    expect(await stats(`start_date=${day(1)}&end_date=${day(10)}`)).toEqual({
      total_pending: 20.5,
      total_overdue: 0,
      count_pending: 1,
    });
    const overdue = (await http.get(`${BASE}/overdue`, { token: admin })).body;
    expect(overdue.count).toBe(1);
    expect(overdue.data[0]).toMatchObject({ id: late.id, customer: { name: 'Pedro Lima' }, status: 'overdue' });

    // The cashier: due today only (statistics, list and overdue), even asking for a year.
    const year = `start_date=${day(-365)}&end_date=${day(365)}`;
    expect(await stats(year, cashier)).toEqual({ total_pending: 10, total_overdue: 0, count_pending: 1 });
    expect(
      (await list(year, cashier)).accountsReceivable.every((r: { due_date: string }) => r.due_date === today),
    ).toBe(true);
    expect(await ids(year, cashier)).toHaveLength(2);
    expect((await http.get(`${BASE}/overdue?${year}`, { token: cashier })).body.count).toBe(0);
    // ...and may change nothing.
    expect((await http.post(BASE, account(), { token: cashier })).status).toBe(403);
    expect((await http.patch(`${BASE}/${late.id}/mark-as-paid`, {}, { token: cashier })).status).toBe(403);
  });

  it('enforces the status rules, receives once (concurrently too) and replays with the same key', async () => {
    const a = await create({ customer_id: joana.id });
    const results = await Promise.all(
      [0, 1].map(() =>
        http.patch(`${BASE}/${a.id}/mark-as-paid`, {}, { token: admin, headers: { 'idempotency-key': randomUUID() } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await entriesOf(a.id)).toHaveLength(1);
    expect((await http.patch(`${BASE}/${a.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin })).body.error).toBe(
      ACCOUNT_REFUSALS.cancelPaid,
    );
    expect((await http.put(`${BASE}/${a.id}`, { notes: 'x' }, { token: admin })).body.error).toBe(
      ACCOUNT_REFUSALS.editPaid,
    );
    expect((await http.delete(`${BASE}/${a.id}`, { token: admin })).body.error).toBe(ACCOUNT_REFUSALS.deletePaid);

    const b = await create();
    const key = { 'idempotency-key': randomUUID() };
    const c1 = await http.patch(`${BASE}/${b.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin, headers: key });
    const c2 = await http.patch(`${BASE}/${b.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin, headers: key });
    expect([c1.status, c2.status]).toEqual([200, 200]);
    expect(c2.headers['idempotent-replayed']).toBe('true');
    expect((await http.patch(`${BASE}/${b.id}/mark-as-paid`, {}, { token: admin })).body.error).toBe(
      ACCOUNT_REFUSALS.payCancelled,
    );
    expect((await http.delete(`${BASE}/${b.id}`, { token: admin })).status).toBe(200);
    expect((await http.get(`${BASE}/${b.id}`, { token: admin })).status).toBe(404);
  });

  it('creates and edits accounts by hand; bad input is 400 and writes nothing', async () => {
    const id = randomUUID();
    const created = await create({ id, customer_id: joana.id, payment_method: 'pix', reference_number: 'OS-12' });
    expect(created).toMatchObject({ id, customer: { name: 'Joana Prado' }, payment_method: 'pix', sale_id: null });
    const again = await http.post(BASE, account({ id }), { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Já existe uma conta com este identificador.');
    const edited = await http.put(`${BASE}/${id}`, { customer_id: null, amount: 40.9 }, { token: admin });
    expect(edited.body.data).toMatchObject({
      customer_id: null,
      customer: null,
      amount: 40.9,
      reference_number: 'OS-12',
    });

    const count = async () =>
      (await ctx.db.select().from(accountsReceivable).where(eq(accountsReceivable.tenantId, tenantId))).length;
    for (const body of [
      {},
      account({ description: '' }),
      account({ amount: 0 }),
      account({ due_date: 'amanhã' }),
      account({ customer_id: 'x' }),
      account({ payment_method: 'boleto' }),
    ]) {
      const res = await http.post(BASE, body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const unknownCustomer = await http.post(BASE, account({ customer_id: randomUUID() }), { token: admin });
    expect(unknownCustomer.status).toBe(404);
    expect(unknownCustomer.body.error).toBe('Cliente não encontrado.');
    expect(await count()).toBe(1);
    const future = await http.patch(`${BASE}/${id}/mark-as-paid`, { payment_date: day(2) }, { token: admin });
    expect(future.status).toBe(400);
  });

  it("another store's account is 404 on every route, and its customers cannot be named", async () => {
    const mine = await create({ customer_id: joana.id });
    const other = { token: otherAdmin, host: OTHER_HOST };
    for (const res of [
      await http.get(`${BASE}/${mine.id}`, other),
      await http.put(`${BASE}/${mine.id}`, { notes: 'x' }, other),
      await http.delete(`${BASE}/${mine.id}`, other),
      await http.patch(`${BASE}/${mine.id}/mark-as-paid`, {}, other),
      await http.patch(`${BASE}/${mine.id}/cancel`, { reason: 'Cliente desistiu' }, other),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await http.post(BASE, account({ customer_id: joana.id }), other)).status).toBe(404);
    expect((await http.get(BASE, other)).body.data.accountsReceivable).toEqual([]);
  });
});
