// Paying accounts payable: the expense entry on the payment day, the status rules (409 with
// a sentence saying why), a payment replayed under its Idempotency-Key, and concurrent
// payments of one bill (one entry).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSALS } from '../../shared/accounts';
import { NO_STORE } from '../test/helpers';
import { databases } from '../test/testDb';
import { BASE, bill, day, today, usePayables } from './payables-fixtures';

describe.each(databases())('paying accounts payable (%s)', (kind) => {
  let { ctx, http, admin } = NO_STORE;
  const { create, rows, entriesOf } = usePayables(kind, (store) => ({ ctx, http, admin } = store));

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
});
