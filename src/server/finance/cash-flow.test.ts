// The cash book on the server: manual entries, the entries sales and paid accounts write,
// the summary and the chart against hand-computed figures (the chart's last balance is
// the summary's final balance), filters, the cashier's today scope and the edit rules.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsPayable, cashFlowEntries } from '../db/schema';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { ENTRY_NOT_MANUAL } from './cash-flow';

const BASE = '/api/cash-flow';

describe.each(databases())('cash flow (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  const today = todayIso();
  const day = (n: number) => addDays(today, n);

  const entry = (extra: Record<string, unknown> = {}) => ({
    date: today,
    type: 'income',
    description: 'Aporte do sócio',
    category: 'Vendas',
    amount: 100,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await http.post(BASE, entry(extra), { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const get = async (path: string, token = admin) => (await http.get(`${BASE}${path}`, { token })).body;

  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store));
  beforeEach(async () => {
    await ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, tenantId));
    await ctx.db.delete(accountsPayable).where(eq(accountsPayable.tenantId, tenantId));
  });

  /** Four days of a small store, every centavo known. */
  async function fourDays() {
    await create({ date: day(-10), amount: 1000, description: 'Saldo de abertura' }); // before the range
    await create({ date: day(-10), type: 'expense', amount: 150.5, category: 'Utilidades', description: 'Luz' });
    await create({ date: day(-2), amount: 300.25, description: 'Venda avulsa' });
    await create({ date: day(-2), type: 'expense', amount: 80, category: 'Marketing', description: 'Panfletos' });
    await create({ date: day(-1), type: 'expense', amount: 19.9, category: 'Tecnologia', description: 'Sistema' });
    // Today: a cash sale of R$ 79,80 and a bill of R$ 45,00 paid today.
    const product = await makeProduct(ctx.db, tenantId, { stock: 5, price: 3990 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const sale = await http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 2 }]), { token: cashier });
    expect(sale.status).toBe(201);
    const bill = await http.post(
      '/api/accounts-payable',
      { supplier_name: 'Correios', description: 'Envio', amount: 45, due_date: today, category: 'Logística' },
      { token: admin },
    );
    await http.post(`/api/accounts-payable/${bill.body.data.id}/mark-as-paid`, {}, { token: admin });
    return { saleId: sale.body.data.id as string, billId: bill.body.data.id as string };
  }

  it('summarises a range: initial from the days before, final = initial + income - expenses', async () => {
    await fourDays();
    const range = `start_date=${day(-3)}&end_date=${today}`;
    const summary = {
      initial_balance: 849.5,
      total_income: 380.05,
      total_expenses: 144.9,
      final_balance: 1084.65,
    };
    expect((await get(`/statistics?${range}`)).data).toEqual(summary);
    const listed = (await get(`?page=1&limit=50&${range}`)).data;
    expect(listed.summary).toEqual(summary);
    expect(listed.entries.map((e: { date: string }) => e.date)).toEqual([today, today, day(-1), day(-2), day(-2)]);
    // No range at all: everything, from nothing.
    expect((await get('/statistics')).data).toEqual({
      initial_balance: 0,
      total_income: 1380.05,
      total_expenses: 295.4,
      final_balance: 1084.65,
    });
  });

  it('charts one point per day, empty days included, the last balance equal to the summary', async () => {
    await fourDays();
    const chart = (await get(`/chart?start_date=${day(-3)}&end_date=${today}`)).data;
    expect(chart).toEqual([
      { date: day(-3), income: 0, expenses: 0, balance: 849.5 },
      { date: day(-2), income: 300.25, expenses: 80, balance: 1069.75 },
      { date: day(-1), income: 0, expenses: 19.9, balance: 1049.85 },
      { date: today, income: 79.8, expenses: 45, balance: 1084.65 },
    ]);
    // Default: the last 30 days.
    const month = (await get('/chart')).data;
    expect(month).toHaveLength(30);
    expect(month.at(-1)).toMatchObject({ date: today, balance: 1084.65 });
    const tooLong = await http.get(`${BASE}/chart?start_date=${day(-800)}&end_date=${today}`, { token: admin });
    expect(tooLong.status).toBe(400);
    expect((await http.get(`${BASE}/chart?start_date=${today}&end_date=${day(-1)}`, { token: admin })).status).toBe(
      400,
    );
  });

  it('filters the list by type, category and amount (0 = no bound) and pages it; the summary stays the range', async () => {
    await fourDays();
    const ids = async (query: string) =>
      (await get(`?${query}`)).data.entries.map((e: { description: string }) => e.description);
    expect(await ids('type=expense&limit=50')).toEqual(['Pagamento - Correios - Envio', 'Sistema', 'Panfletos', 'Luz']);
    expect(await ids('category=Marketing')).toEqual(['Panfletos']);
    expect(await ids('min_amount=0&max_amount=0&type=all&category=')).toHaveLength(7);
    expect(await ids('min_amount=80&max_amount=300.25')).toEqual(['Panfletos', 'Venda avulsa', 'Luz']);
    const page = (await get('?page=2&limit=3')).data;
    expect(page.pagination).toEqual({ page: 2, limit: 3, total: 7, totalPages: 3 });
    expect(page.entries).toHaveLength(3);
    expect((await get('?type=expense')).data.summary.total_income).toBe(1380.05);
    for (const query of ['type=saida', 'category=Lazer', 'min_amount=-1', 'min_amount=1.005', 'start_date=ontem']) {
      expect((await http.get(`${BASE}?${query}`, { token: admin })).status, query).toBe(400);
    }
  });

  it("the cashier sees today's entries and figures only, and changes nothing", async () => {
    await fourDays();
    const year = `start_date=${day(-365)}&end_date=${today}`;
    const listed = (await get(`?${year}&limit=200`, cashier)).data;
    expect(listed.entries.every((e: { date: string }) => e.date === today)).toBe(true);
    expect(listed.entries).toHaveLength(2);
    expect(listed.summary).toEqual({
      initial_balance: 1049.85,
      total_income: 79.8,
      total_expenses: 45,
      final_balance: 1084.65,
    });
    expect((await get(`/chart?${year}`, cashier)).data).toHaveLength(1);
    expect((await http.post(BASE, entry(), { token: cashier })).status).toBe(403);
  });

  it('edits and deletes manual entries only; dates never in the future; 404 across stores', async () => {
    const { saleId, billId } = await fourDays();
    const mine = await create({ id: randomUUID(), description: 'Troco inicial', amount: 50 });
    const again = await http.post(BASE, entry({ id: mine.id }), { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Já existe um lançamento com este identificador.');
    const edited = await http.put(`${BASE}/${mine.id}`, { amount: 55.5, type: 'expense' }, { token: admin });
    expect(edited.body.data).toMatchObject({ amount: 55.5, type: 'expense', description: 'Troco inicial' });
    expect((await http.put(`${BASE}/${mine.id}`, { date: day(1) }, { token: admin })).status).toBe(400);
    expect((await http.post(BASE, entry({ date: day(1) }), { token: admin })).body.error).toContain(
      'A data do lançamento não pode ser posterior a hoje',
    );

    const generated = (await get('?limit=50')).data.entries.filter(
      (e: { sale_id: string | null; account_payable_id: string | null }) =>
        e.sale_id === saleId || e.account_payable_id === billId,
    );
    expect(generated).toHaveLength(2);
    for (const e of generated) {
      const put = await http.put(`${BASE}/${e.id}`, { amount: 1 }, { token: admin });
      expect(put.status).toBe(409);
      expect(put.body.error).toBe(ENTRY_NOT_MANUAL);
      expect((await http.delete(`${BASE}/${e.id}`, { token: admin })).status).toBe(409);
    }

    const other = { token: otherAdmin, host: OTHER_HOST };
    expect((await http.get(`${BASE}/${mine.id}`, other)).status).toBe(404);
    expect((await http.put(`${BASE}/${mine.id}`, { amount: 1 }, other)).status).toBe(404);
    expect((await http.delete(`${BASE}/${mine.id}`, other)).status).toBe(404);
    expect((await http.get(`${BASE}/statistics`, other)).body.data).toEqual({
      initial_balance: 0,
      total_income: 0,
      total_expenses: 0,
      final_balance: 0,
    });

    const key = { 'idempotency-key': randomUUID() };
    const d1 = await http.delete(`${BASE}/${mine.id}`, { token: admin, headers: key });
    const d2 = await http.delete(`${BASE}/${mine.id}`, { token: admin, headers: key });
    expect([d1.status, d2.status]).toEqual([200, 200]);
    expect(d2.body).toEqual({ success: true, message: 'Lançamento excluído com sucesso!' });
    expect((await http.get(`${BASE}/${mine.id}`, { token: admin })).status).toBe(404);
  });
});
