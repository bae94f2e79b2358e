// An admin's sealed approval of a cashier's return over the store's limit
// (POST /api/auth/return-approval): accepted online and when the outbox delivers the return
// later; refused when forged, for another return, for a larger amount, or expired (24 h,
// measured when the return happened at the counter). The crediário approval expires the
// same way.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { DEMO } from '../../demo/seed';
import { saleConflicts } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore } from '../../test/helpers';
import { makeCustomer, makeProduct, saleBody, stockOf } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { APPROVAL_TTL_MS } from '../credit/credit-approval';

describe.each(databases())('sealed approvals: returns over the limit, their expiry (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let customerId: string;
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });

  /** A sale of 3 units at R$ 60,00 (the limit is R$ 50,00): its id and line. */
  const saleOfThree = async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 20, price: 6000, cost: 1000 });
    const res = await http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 3 }]), keyed(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as string, item: res.body.data.items[0].id as string, productId: p.id };
  };
  const approve = async (saleId: string, returnId: string, amount: number) => {
    const body = {
      email: DEMO.admin.email,
      password: DEMO.admin.password,
      sale_id: saleId,
      return_id: returnId,
      amount,
    };
    const res = await http.post('/api/auth/return-approval', body, { token: cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.approval as string;
  };
  const giveBack = (
    saleId: string,
    item: string,
    quantity: number,
    extra: { id: string; approval?: string; offline?: boolean; returned_at?: string },
  ) =>
    http.post(
      `/api/sales/${saleId}/returns`,
      { lines: [{ sale_item_id: item, quantity }], reason: 'Defeito', refund_method: 'dinheiro', ...extra },
      keyed(cashier),
    );
  const flagged = async (saleId: string) =>
    (await storeRows(ctx.db, tenantId, saleConflicts, { saleId, kind: 'return_limit' })).length > 0;

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    customerId = (await makeCustomer(ctx.db, tenantId, 'Telma Aprovada')).id;
    const set = await http.put(
      '/api/settings',
      { cashier_max_return: 5000, credit_limit_default: 100_000 },
      keyed(admin),
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  });
  afterEach(() => vi.useRealTimers());

  it('the admin present checked once: wrong password 400, a cashier 403; the approval passes that return online', async () => {
    const sale = await saleOfThree();
    const returnId = randomUUID();
    const ask = (email: string, password: string) =>
      http.post(
        '/api/auth/return-approval',
        { email, password, sale_id: sale.id, return_id: returnId, amount: 60 },
        { token: cashier },
      );
    const wrong = await ask(DEMO.admin.email, 'errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'password', message: 'E-mail ou senha do administrador incorretos.' }]);
    const byCashier = await ask(DEMO.cashier.email, DEMO.cashier.password);
    expect(byCashier.status).toBe(403);
    expect(byCashier.body.error).toBe('Só um administrador pode autorizar uma devolução acima do limite.');

    const approval = await approve(sale.id, returnId, 60);
    const done = await giveBack(sale.id, sale.item, 1, { id: returnId, approval });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data).toMatchObject({ limit_conflict: false, amount: 60, refunded: 60 });
    expect(await stockOf(ctx.db, tenantId, sale.productId)).toBe(18);
    expect(await flagged(sale.id)).toBe(false);
  });

  it('a return approved by an admin records that admin (also in GET); one without an approval records none', async () => {
    const me = await http.get('/api/auth/me', { token: admin });
    const adminId = me.body.data.id as string;
    const sale = await saleOfThree();
    const returnId = randomUUID();
    const approval = await approve(sale.id, returnId, 60);
    const approved = await giveBack(sale.id, sale.item, 1, { id: returnId, approval });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.data).toMatchObject({ approved_by: adminId, approved_by_name: DEMO.admin.name });
    // An admin's own return (no approval needed), and a cashier's over the limit offline without one: none.
    const byAdmin = await http.post(
      `/api/sales/${sale.id}/returns`,
      { lines: [{ sale_item_id: sale.item, quantity: 1 }], reason: 'Defeito', refund_method: 'dinheiro' },
      keyed(admin),
    );
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.data).toMatchObject({ approved_by: null, approved_by_name: null });
    const flaggedOne = await giveBack(sale.id, sale.item, 1, { id: randomUUID(), offline: true });
    expect(flaggedOne.status).toBe(201);
    expect(flaggedOne.body.data).toMatchObject({ approved_by: null, approved_by_name: null, limit_conflict: true });
    const read = await http.get(`/api/sales/${sale.id}/returns`, { token: cashier });
    expect(
      (read.body.data.returns as { id: string; approved_by: string | null; approved_by_name: string | null }[]).map(
        (r) => [r.id === returnId, r.approved_by, r.approved_by_name],
      ),
    ).toEqual([
      [true, adminId, DEMO.admin.name],
      [false, null, null],
      [false, null, null],
    ]);
  });

  it('queued and delivered later (offline) it is accepted, not flagged', async () => {
    const sale = await saleOfThree();
    const returnId = randomUUID();
    const approval = await approve(sale.id, returnId, 60);
    const returnedAt = new Date(Date.now() - 60 * 60_000).toISOString();
    const done = await giveBack(sale.id, sale.item, 1, {
      id: returnId,
      approval,
      offline: true,
      returned_at: returnedAt,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data).toMatchObject({ limit_conflict: false, offline: true });
    expect(await flagged(sale.id)).toBe(false);
  });

  it('refused when forged, for another return, another sale or a larger amount: 409 online, flagged offline', async () => {
    const sale = await saleOfThree();
    const returnId = randomUUID();
    const approval = await approve(sale.id, returnId, 60);
    const [adminId, , expires, seal] = approval.split('.');
    // The amount changed by hand: the seal no longer matches.
    const forged = `${adminId}.12000.${expires}.${seal}`;
    const forgedTry = await giveBack(sale.id, sale.item, 2, { id: returnId, approval: forged });
    expect(forgedTry.status).toBe(409);
    expect(forgedTry.body.error).toContain('50,00');
    // A later expiry changed by hand.
    const later = `${adminId}.6000.${Number(expires) + APPROVAL_TTL_MS}.${seal}`;
    expect((await giveBack(sale.id, sale.item, 1, { id: returnId, approval: later })).status).toBe(409);
    // Another return of the same sale with this approval.
    expect((await giveBack(sale.id, sale.item, 1, { id: randomUUID(), approval })).status).toBe(409);
    // More than approved: R$ 120,00 on an approval of R$ 60,00.
    expect((await giveBack(sale.id, sale.item, 2, { id: returnId, approval })).status).toBe(409);
    // Another sale, with the same return id and amount.
    const other = await saleOfThree();
    expect((await giveBack(other.id, other.item, 1, { id: returnId, approval })).status).toBe(409);
    expect(await stockOf(ctx.db, tenantId, sale.productId)).toBe(17);

    // Offline the return already happened: kept, and flagged for admins.
    const queued = await giveBack(sale.id, sale.item, 2, { id: returnId, approval, offline: true });
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    expect(queued.body.data.limit_conflict).toBe(true);
    expect(await flagged(sale.id)).toBe(true);
  });

  it('expires 24 h after it was given, measured when the return happened at the counter', async () => {
    const sale = await saleOfThree();
    vi.useFakeTimers({ toFake: ['Date'] });
    const given = Date.now() - APPROVAL_TTL_MS - 2 * 60 * 60_000; // 26 h ago
    vi.setSystemTime(given);
    const staleId = randomUUID();
    const stale = await approve(sale.id, staleId, 60);
    const freshId = randomUUID();
    const fresh = await approve(sale.id, freshId, 60);
    vi.useRealTimers();

    // Used online today: expired.
    expect((await giveBack(sale.id, sale.item, 1, { id: staleId, approval: stale })).status).toBe(409);
    /** The return done at the counter at `doneAtMs`, delivered by the outbox now. */
    const deliveredLater = (id: string, approval: typeof fresh, doneAtMs: number) =>
      giveBack(sale.id, sale.item, 1, { id, approval, offline: true, returned_at: new Date(doneAtMs).toISOString() });
    // Done at the counter 1 h after it was given, delivered by the outbox a day later: it held.
    const held = await deliveredLater(freshId, fresh, given + 60 * 60_000);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.data.limit_conflict).toBe(false);
    // Done at the counter 25 h after: expired, kept and flagged.
    const late = await deliveredLater(staleId, stale, given + APPROVAL_TTL_MS + 60 * 60_000);
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.data.limit_conflict).toBe(true);
  });

  it('the crediário approval expires the same way', async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 10, price: 120_000 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Crediário Vencido');
    const crediario = (id: string, extra: Record<string, unknown> = {}) =>
      saleBody(customer.id, [{ product, quantity: 1 }], {
        id,
        payment_method: 'crediario',
        crediario: { entrada: 0, parcelas: 1, vencimentos: [addDays(todayIso(), 30)] },
        ...extra,
      });
    const ask = async (saleId: string) => {
      const body = { email: DEMO.admin.email, password: DEMO.admin.password, sale_id: saleId, amount: 1200 };
      const res = await http.post('/api/auth/credit-approval', body, { token: cashier });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.approval as string;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - APPROVAL_TTL_MS - 60 * 60_000);
    const staleId = randomUUID();
    const stale = await ask(staleId);
    vi.useRealTimers();
    const refused = await http.post('/api/sales', crediario(staleId, { credit_approval: stale }), keyed(cashier));
    expect(refused.status).toBe(409);
    const freshId = randomUUID();
    const fresh = await ask(freshId);
    const sold = await http.post('/api/sales', crediario(freshId, { credit_approval: fresh }), keyed(cashier));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  });
});
