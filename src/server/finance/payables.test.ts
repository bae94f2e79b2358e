// Accounts payable on the server: every route, statistics and overdue against
// hand-computed figures, edits, bad inputs (400, nothing written) and another store's ids
// (404). Paying and the status rules: payables-payment.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_UUID, OTHER_HOST, NO_STORE } from '../test/helpers';
import { databases } from '../test/testDb';
import { BASE, bill, day, today, usePayables } from './payables-fixtures';

describe.each(databases())('accounts payable (%s)', (kind) => {
  let { http, admin, otherAdmin } = NO_STORE;
  const { create, rows } = usePayables(kind, (store) => ({ http, admin, otherAdmin } = store));

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
