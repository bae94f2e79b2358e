// Accounts payable on the server: every route, the status rules, statistics and overdue
// against hand-computed figures, payments (idempotent and concurrent: one entry), bad
// inputs (400, nothing written) and another store's ids (404).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSALS } from '../../shared/accounts';
import { addDays, todayIso } from '../../shared/dates';
import { accountsPayable, cashFlowEntries } from '../db/schema';
import { NO_UUID, OTHER_HOST, NO_STORE, useTestStore, storeRows } from '../test/helpers';
import { databases } from '../test/testDb';

const BASE = '/api/accounts-payable';

describe.each(databases())('accounts payable (%s)', (kind) => {
  let { ctx, http, tenantId, admin, otherAdmin } = NO_STORE;
  const today = todayIso();
  const day = (n: number) => addDays(today, n);

  const bill = (extra: Record<string, unknown> = {}) => ({
    supplier_name: 'Tecidos Paulista',
    description: 'Malha de algodão',
    amount: 1250.5,
    due_date: day(10),
    category: 'Matéria-prima',
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await http.post(BASE, bill(extra), { token: admin });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const rows = () => storeRows(ctx.db, tenantId, accountsPayable);
  const entriesOf = (id: string) => storeRows(ctx.db, tenantId, cashFlowEntries, { accountPayableId: id });

  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, otherAdmin } = store));
  beforeEach(async () => {
    await ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, tenantId));
    await ctx.db.delete(accountsPayable);
  });

  it('creates a bill with the client id, reads it back, and sends "none" and blanks as absent', async () => {
    const id = randomUUID();
    const created = await create({
      id,
      payment_method: 'none',
      reference_number: '  ',
      notes: '',
    });
    expect(created).toMatchObject({
      id,
      supplier_name: 'Tecidos Paulista',
      description: 'Malha de algodão',
      amount: 1250.5,
      due_date: day(10),
      category: 'Matéria-prima',
      payment_method: null,
      reference_number: null,
      notes: null,
      status: 'pending',
      payment_date: null,
    });
    const [row] = await rows();
    expect(row!.amount).toBe(125050);
    const got = await http.get(`${BASE}/${id}`, { token: admin });
    expect(got.body.data).toEqual(created);
    // The same id again (not a replay of the same key) is a conflict.
    const again = await http.post(BASE, bill({ id }), { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Já existe uma conta com este identificador.');
  });

  it('lists with every filter, overdue derived, open bills first, page 20 with total_pages', async () => {
    const late = await create({
      supplier_name: 'Energia SP',
      description: 'Conta de luz',
      category: 'Utilidades',
      due_date: day(-3),
      payment_method: 'pix',
    });
    const soon = await create({
      supplier_name: 'Transportes Rápido',
      description: 'Frete',
      category: 'Logística',
      due_date: day(2),
    });
    const paid = await create({ description: 'Anúncio', category: 'Marketing', due_date: day(-20) });
    await http.post(`${BASE}/${paid.id}/mark-as-paid`, { payment_date: day(-1) }, { token: admin });
    const off = await create({ description: 'Pedido cancelado', due_date: day(5) });
    await http.post(`${BASE}/${off.id}/cancel`, undefined, { token: admin });

    const list = async (query: string) => (await http.get(`${BASE}?${query}`, { token: admin })).body.data;
    const ids = async (query: string) => (await list(query)).accountsPayable.map((a: { id: string }) => a.id);

    const all = await list('page=1&limit=20');
    expect(all.accountsPayable.map((a: { id: string }) => a.id)).toEqual([late.id, soon.id, off.id, paid.id]);
    expect(all.accountsPayable[0].status).toBe('overdue');
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1, total_pages: 1 });
    expect(await ids('status=overdue')).toEqual([late.id]);
    expect(await ids('status=pending')).toEqual([soon.id]);
    expect(await ids('status=paid')).toEqual([paid.id]);
    expect(await ids('status=cancelled')).toEqual([off.id]);
    expect(await ids('status=all&category=all&payment_method=&search=')).toHaveLength(4);
    expect(await ids('category=Log%C3%ADstica')).toEqual([soon.id]);
    expect(await ids('payment_method=pix')).toEqual([late.id]);
    expect(await ids('search=energia')).toEqual([late.id]);
    expect(await ids('search=FRETE')).toEqual([soon.id]);
    expect(await ids('search=100%25')).toEqual([]);

    for (let i = 0; i < 21; i++) await create({ description: `Parcela ${i}` });
    const page2 = await list('page=2&limit=20');
    expect(page2.pagination).toEqual({ page: 2, limit: 20, total: 25, totalPages: 2, total_pages: 2 });
    expect(page2.accountsPayable).toHaveLength(5);
  });

  it('statistics and the overdue list match the hand-computed figures; cancelled counts nowhere', async () => {
    await create({ amount: 100, due_date: day(1) });
    await create({ amount: 200.25, due_date: today });
    const o1 = await create({ amount: 300, due_date: day(-1) });
    const o2 = await create({ amount: 50.1, due_date: day(-30) });
    const p = await create({ amount: 75, due_date: day(-2) });
    await http.post(`${BASE}/${p.id}/mark-as-paid`, {}, { token: admin });
    const c = await create({ amount: 999, due_date: day(-2) });
    await http.post(`${BASE}/${c.id}/cancel`, undefined, { token: admin });

    const stats = await http.get(`${BASE}/statistics`, { token: admin });
    expect(stats.body).toEqual({
      success: true,
      data: {
        total_pending: 300.25,
        total_overdue: 350.1,
        total_paid: 75,
        count_pending: 2,
        count_overdue: 2,
        count_paid: 1,
      },
    });
    const overdue = await http.get(`${BASE}/overdue`, { token: admin });
    expect(overdue.body.count).toBe(2);
    expect(overdue.body.data.map((a: { id: string }) => a.id)).toEqual([o2.id, o1.id]);
  });

  it('pays a bill once: the expense entry in its category on the payment day; no future date', async () => {
    const a = await create({ category: 'Tecnologia', amount: 89.9 });
    const future = await http.post(`${BASE}/${a.id}/mark-as-paid`, { payment_date: day(1) }, { token: admin });
    expect(future.status).toBe(400);
    expect(future.body.error).toContain('A data de pagamento não pode ser posterior a hoje');
    expect(await entriesOf(a.id)).toHaveLength(0);

    const paid = await http.post(`${BASE}/${a.id}/mark-as-paid`, { payment_date: day(-2) }, { token: admin });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payment_date: day(-2) });
    const [entry, ...more] = await entriesOf(a.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      type: 'expense',
      category: 'Tecnologia',
      amount: 8990,
      date: day(-2),
      description: 'Pagamento - Tecidos Paulista - Malha de algodão',
      saleId: null,
    });

    // Without a body (or a date): paid today.
    const b = await create();
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/${b.id}/mark-as-paid`,
      headers: { host: 'demo.localhost:3000', authorization: `Bearer ${admin}` },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data.payment_date).toBe(today);
  });

  it('enforces the status rules with a sentence saying why (409)', async () => {
    const paid = await create();
    await http.post(`${BASE}/${paid.id}/mark-as-paid`, {}, { token: admin });
    const cancelled = await create();
    await http.post(`${BASE}/${cancelled.id}/cancel`, undefined, { token: admin });

    const expectRefused = async (res: { status: number; body: { error: string; code: string } }, text: string) => {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', error: text });
    };
    await expectRefused(await http.put(`${BASE}/${paid.id}`, bill(), { token: admin }), ACCOUNT_REFUSALS.editPaid);
    await expectRefused(
      await http.put(`${BASE}/${cancelled.id}`, bill(), { token: admin }),
      ACCOUNT_REFUSALS.editCancelled,
    );
    await expectRefused(
      await http.post(`${BASE}/${paid.id}/mark-as-paid`, {}, { token: admin }),
      ACCOUNT_REFUSALS.payPaid,
    );
    await expectRefused(
      await http.post(`${BASE}/${cancelled.id}/mark-as-paid`, {}, { token: admin }),
      ACCOUNT_REFUSALS.payCancelled,
    );
    await expectRefused(
      await http.post(`${BASE}/${paid.id}/cancel`, undefined, { token: admin }),
      ACCOUNT_REFUSALS.cancelPaid,
    );
    await expectRefused(
      await http.post(`${BASE}/${cancelled.id}/cancel`, undefined, { token: admin }),
      ACCOUNT_REFUSALS.cancelCancelled,
    );
    await expectRefused(await http.delete(`${BASE}/${paid.id}`, { token: admin }), ACCOUNT_REFUSALS.deletePaid);
    expect(await entriesOf(paid.id)).toHaveLength(1);

    // A cancelled bill may be deleted; a pending one too.
    expect((await http.delete(`${BASE}/${cancelled.id}`, { token: admin })).body).toEqual({
      success: true,
      message: 'Conta a pagar deletada com sucesso!',
    });
    const pending = await create();
    expect((await http.delete(`${BASE}/${pending.id}`, { token: admin })).status).toBe(200);
    expect((await rows()).map((r) => r.id)).toEqual([paid.id]);
  });

  it('edits a pending bill: the whole form again, absent optional fields cleared', async () => {
    const a = await create({ payment_method: 'cash', notes: 'ligar antes' });
    const res = await http.put(
      `${BASE}/${a.id}`,
      bill({ supplier_name: 'Tecidos Paulista Ltda', amount: 1300, category: 'Serviços' }),
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      supplier_name: 'Tecidos Paulista Ltda',
      amount: 1300,
      category: 'Serviços',
      payment_method: null,
      notes: null,
    });
    const partial = await http.put(`${BASE}/${a.id}`, { amount: 1 }, { token: admin });
    expect(partial.status).toBe(400);
  });

  it('replays a payment with the same Idempotency-Key; another body under it is 409', async () => {
    const a = await create();
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await http.post(`${BASE}/${a.id}/mark-as-paid`, { payment_date: today }, { token: admin, headers });
    const second = await http.post(`${BASE}/${a.id}/mark-as-paid`, { payment_date: today }, { token: admin, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await entriesOf(a.id)).toHaveLength(1);
    const other = await http.post(`${BASE}/${a.id}/mark-as-paid`, { payment_date: day(-1) }, { token: admin, headers });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');

    // A create replayed answers the same bill, written once.
    const createKey = { 'idempotency-key': randomUUID() };
    const body = { ...bill(), id: randomUUID() };
    const c1 = await http.post(BASE, body, { token: admin, headers: createKey });
    const c2 = await http.post(BASE, body, { token: admin, headers: createKey });
    expect([c1.status, c2.status]).toEqual([201, 201]);
    expect(c2.body).toEqual(c1.body);
    expect((await rows()).filter((r) => r.id === body.id)).toHaveLength(1);
  });

  it('two concurrent payments of one bill: one payment, one entry, the other 409', async () => {
    const a = await create();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        http.post(`${BASE}/${a.id}/mark-as-paid`, {}, { token: admin, headers: { 'idempotency-key': randomUUID() } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await entriesOf(a.id)).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      bill({ supplier_name: '   ' }),
      bill({ amount: 0 }),
      bill({ amount: -5 }),
      bill({ amount: 10.005 }),
      bill({ amount: '10' }),
      bill({ due_date: '2026-02-30' }),
      bill({ due_date: '23/11/2026' }),
      bill({ category: 'Lazer' }),
      bill({ payment_method: 'crediario' }),
      bill({ id: 'não-é-uuid' }),
      bill({ notes: 'x'.repeat(1001) }),
    ];
    for (const body of bad) {
      const res = await http.post(BASE, body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.body.error).toMatch(/^Dados inválidos/);
    }
    expect(await rows()).toHaveLength(0);
    for (const query of ['status=late', 'category=Lazer', 'payment_method=boleto', 'page=0', 'limit=500']) {
      expect((await http.get(`${BASE}?${query}`, { token: admin })).status, query).toBe(400);
    }
    expect((await http.get(`${BASE}/123`, { token: admin })).status).toBe(400);
  });

  it("another store's bill is 404 on every route; its lists and figures are its own", async () => {
    const mine = await create();
    const other = { token: otherAdmin, host: OTHER_HOST };
    expect((await http.get(`${BASE}/${mine.id}`, other)).status).toBe(404);
    expect((await http.put(`${BASE}/${mine.id}`, bill(), other)).status).toBe(404);
    expect((await http.delete(`${BASE}/${mine.id}`, other)).status).toBe(404);
    expect((await http.post(`${BASE}/${mine.id}/mark-as-paid`, {}, other)).status).toBe(404);
    expect((await http.post(`${BASE}/${mine.id}/cancel`, undefined, other)).status).toBe(404);
    expect((await http.get(`${BASE}/${NO_UUID}`, { token: admin })).body.error).toBe('Conta a pagar não encontrada.');
    expect((await http.get(BASE, other)).body.data.accountsPayable).toEqual([]);
    expect((await http.get(`${BASE}/statistics`, other)).body.data.count_pending).toBe(0);
    expect((await rows())[0]!.status).toBe('pending');
  });
});
