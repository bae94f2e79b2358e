// 'Consumidor final': one built-in customer per store, told by its flag (not its name),
// made for a new store and when an admin turns the setting on for an older one; it travels
// to the tills' mirror, is neither edited nor deleted, and crediário and vale-troca refuse
// it online with a sentence a person can act on; a crediário sale to it made offline is
// kept, with the conflict admins review.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FINAL_CONSUMER_CREDIARIO, FINAL_CONSUMER_STORE_CREDIT } from '../../shared/final-consumer';
import { customers, tenants } from '../db/schema';
import { type Json, OTHER_HOST } from '../test/helpers';
import { crediarioBody, makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { salesSuite } from '../test/sales-fixtures';

describe.each(databases())('Consumidor final (%s)', (kind) => {
  const s = salesSuite(kind, 'Cliente Comum');
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const finalOf = async (tenantId: string) =>
    s.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.finalConsumer, true)));
  const finalId = async () => (await finalOf(s.tenantId))[0]!.id;
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('a new store has it, the setting on; the tills pull it with its flag', async () => {
    const settings = await s.http.get('/api/settings', { token: s.cashier });
    expect(settings.body.data.final_consumer).toBe(true);
    const [row] = await finalOf(s.ctx.other.tenant.id);
    expect(row).toMatchObject({ name: 'Consumidor final', finalConsumer: true, active: true });
    const pull = await s.http.get('/api/sync/pull?limit=500', { token: s.cashier });
    const pulled = (pull.body.data.customers as Json[]).filter((c) => c.final_consumer === true);
    expect(pulled.map((c) => c.name)).toEqual(['Consumidor final']);
  });

  it('an older store gets it when the admin turns the setting on, once', async () => {
    const other = s.ctx.other.tenant.id;
    await s.ctx.db.delete(customers).where(and(eq(customers.tenantId, other), eq(customers.finalConsumer, true)));
    await s.ctx.db.update(tenants).set({ settings: {} }).where(eq(tenants.id, other));
    const before = await s.http.get('/api/settings', { token: s.otherAdmin, host: OTHER_HOST });
    expect(before.body.data.final_consumer).toBe(false);
    for (const _ of [1, 2]) {
      const on = await s.http.put(
        '/api/settings',
        { final_consumer: true },
        { ...keyed(s.otherAdmin), host: OTHER_HOST },
      );
      expect(on.status, JSON.stringify(on.body)).toBe(200);
    }
    expect(await finalOf(other)).toHaveLength(1);
    const cashierTurns = await s.http.put(
      '/api/settings',
      { final_consumer: false },
      { ...keyed(s.otherCashier), host: OTHER_HOST },
    );
    expect(cashierTurns.status).toBe(403);
  });

  it('is neither edited nor deleted', async () => {
    const id = await finalId();
    const edit = await s.http.put(`/api/customers/${id}`, { name: 'Maria' }, keyed(s.admin));
    expect(edit.status).toBe(409);
    expect(edit.body.error).toMatch(/Consumidor final/);
    const del = await s.http.delete(`/api/customers/${id}`, keyed(s.admin));
    expect(del.status).toBe(409);
    expect((await finalOf(s.tenantId))[0]).toMatchObject({ name: 'Consumidor final', deletedAt: null });
  });

  it('sells like any customer; crediário and vale-troca refuse it online with the reason', async () => {
    const id = await finalId();
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 20, price: 5000 });
    const lines = [{ product: p, quantity: 1 }];
    const cash = await s.http.post('/api/sales', saleBody(id, lines), keyed(s.cashier));
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body.data.customer_name).toBe('Consumidor final');

    for (const token of [s.cashier, s.admin]) {
      const credit = await s.http.post(
        '/api/sales',
        crediarioBody(id, lines, { vencimentos: [inDays(30)] }),
        keyed(token),
      );
      expect(credit.status).toBe(409);
      expect(credit.body.error).toBe(FINAL_CONSUMER_CREDIARIO);
    }
    const vale = await s.http.post(
      '/api/sales',
      saleBody(id, lines, { payments: [{ method: 'store_credit', amount: 50 }] }),
      keyed(s.cashier),
    );
    expect(vale.status).toBe(409);
    expect(vale.body.error).toBe(FINAL_CONSUMER_STORE_CREDIT);
    const toVale = await s.http.post(
      `/api/sales/${cash.body.data.id}/returns`,
      {
        lines: [{ sale_item_id: cash.body.data.items[0].id, quantity: 1 }],
        reason: 'Não serviu',
        refund_method: 'vale_troca',
      },
      keyed(s.admin),
    );
    expect(toVale.status).toBe(409);
    expect(toVale.body.error).toBe(FINAL_CONSUMER_STORE_CREDIT);
  });

  it('an offline crediário sale to it is kept, with the credit conflict admins review', async () => {
    const id = await finalId();
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 20, price: 3000 });
    const body = crediarioBody(id, [{ product: p, quantity: 1 }], { vencimentos: [inDays(30)] }, { offline: true });
    const res = await s.http.post('/api/sales', body, keyed(s.cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const conflicts = await s.http.get('/api/sale-conflicts', { token: s.admin });
    const kinds = (conflicts.body.data.conflicts as Json[])
      .filter((c) => c.sale_id === res.body.data.id)
      .map((c) => c.kind);
    expect(kinds).toEqual(['credit']);
  });

  it("a customer someone named 'Consumidor final' is an ordinary one", async () => {
    const typed = await makeCustomer(s.ctx.db, s.tenantId, 'Consumidor final');
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 20, price: 2000 });
    const res = await s.http.post(
      '/api/sales',
      crediarioBody(typed.id, [{ product: p, quantity: 1 }], { vencimentos: [inDays(30)] }),
      keyed(s.admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const edit = await s.http.put(`/api/customers/${typed.id}`, { phone: '11999990000' }, keyed(s.admin));
    expect(edit.status).toBe(200);
  });
});
