// A shift change with a backlog, through the till's own outbox code (fake-indexeddb,
// drainOutbox over the app's API client) against the real server: cashier A opens a caixa,
// sells, returns and pays out a vale-troca offline, signs out, and cashier B signs in on
// the same till before the queue drains. Everything goes out under B's session, yet each
// act names who made it (made_by), so the caixa is A's, A's acts are in it with no
// conflict and the sales say A sold them. A sale B then makes offline in A's caixa (still
// open on the till) is a 'cash_session' conflict for admins, as before.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CashSessionDetail } from '../../src/shared/contract';
import { addCashMovement, openCaixa } from '../../src/app/counter/caixa';
import { currentCaixa } from '../../src/app/counter/caixa-session';
import { closeCaixa, dismissCaixa, expectedOf, sessionReceipts, sessionSales } from '../../src/app/counter/caixa-close';
import type { LocalSale } from '../../src/app/offline/db';
import { finishSale } from '../../src/app/counter/finish-sale';
import { finishReturn, tillPartOfReturn } from '../../src/app/counter/returns';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { clearSessionData, saveLastUser } from '../../src/app/offline/session-cache';
import { finishPayout } from '../../src/app/counter/store-credit-payout';
import { onAck } from '../../src/app/counter/outbox-kinds';
import { saleConflicts, sales } from '../../src/server/db/schema';
import { login, storeRows } from '../../src/server/test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { databases } from '../../src/server/test/testDb';
import { appClientOf } from './app-client';
import { useDeviceAndServer } from './device-server';
import { SaleCreateSchema } from '../../src/shared/contract/sales';

type Client = Awaited<ReturnType<typeof appClientOf>>;
type DeviceAndServer = ReturnType<typeof useDeviceAndServer>;

/** Signs `email` in on this till as the app does: the last person's session data goes, theirs is kept. */
async function signInAt(ctx: DeviceAndServer['ctx'], db: DeviceAndServer['db'], email: string) {
  const { user } = await login(ctx.app, email, 'demo123');
  await clearSessionData(db);
  await saveLastUser(db, user);
  return { user, client: await appClientOf(ctx.app, email) };
}

describe.each(databases())('a shift change with a queued backlog, against the server (%s)', (kind) => {
  const { ctx, db } = useDeviceAndServer(kind, 'shift-change');

  const signIn = (email: string) => signInAt(ctx, db, email);
  const flagged = async (saleId: string) =>
    (await storeRows(ctx.db, ctx.demo.tenant.id, saleConflicts, { saleId, kind: 'cash_session' })).length;
  const sellerOf = async (saleId: string) =>
    (await storeRows(ctx.db, ctx.demo.tenant.id, sales, { id: saleId }))[0]!.createdBy;

  it("A's caixa, sales, return and payout delivered under B's session: A's, no conflict; B's sale in A's caixa: flagged", async () => {
    const tenantId = ctx.demo.tenant.id;
    const admin = await appClientOf(ctx.app, 'admin@demo.com');
    const made = await admin.send('POST', '/users', {
      body: { name: 'Caixa da Tarde', email: 'tarde@demo.com', role: 'user', password: 'demo123' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made).toMatchObject({ success: true });
    const customer = await makeCustomer(ctx.db, tenantId, 'Tânia Turno');
    const mug = await makeProduct(ctx.db, tenantId, { stock: 20, price: 2500 });

    async function sell(client: Client) {
      const id = crypto.randomUUID();
      const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
        id,
        createdAt: Date.now(),
        customerId: customer.id,
        customerName: customer.name,
        totalCentavos: mug.price,
        paymentMethod: 'cash',
        items: [{ product_id: mug.id, product_name: mug.name, quantity: 1, unit_price_centavos: mug.price }],
      };
      const body = SaleCreateSchema.parse({
        ...saleBody(customer.id, [{ product: mug, quantity: 1 }]),
        id,
        offline: true,
      });
      expect((await finishSale(db, client, { sale, body, summary: 'Venda' }, { online: false })).kind).toBe('queued');
      return (await db.sales.get(id))!;
    }
    async function giveBack(client: Client, sale: LocalSale, refund: 'dinheiro' | 'vale_troca') {
      const id = crypto.randomUUID();
      const outcome = await finishReturn(
        db,
        client,
        {
          id,
          saleId: sale.id,
          customerId: customer.id,
          body: { lines: [{ position: 0, quantity: 1 }], reason: 'Não serviu', refund_method: refund },
          storeCredit: refund === 'vale_troca' ? mug.price : 0,
          tillPart: tillPartOfReturn({ payments: sale.parts ?? [], openInstalments: 0 }, refund, mug.price),
          summary: 'Devolução',
        },
        { online: false },
      );
      expect(outcome.kind).toBe('queued');
      return id;
    }

    // Cashier A's shift: everything queued (the internet is down).
    const a = await signIn('caixa@demo.com');
    const session = await openCaixa(db, { openingFloat: 10_000, operator: { id: a.user.id, name: a.user.name } });
    const first = await sell(a.client);
    const second = await sell(a.client);
    const third = await sell(a.client);
    await giveBack(a.client, second, 'dinheiro');
    const vale = await giveBack(a.client, third, 'vale_troca');
    const payout = { id: crypto.randomUUID(), customerId: customer.id, returnId: vale, saleId: null, amount: 1000 };
    expect((await finishPayout(db, a.client, { ...payout, summary: 'Vale' }, { online: false })).kind).toBe('queued');

    // A signs out, B signs in on the same till; the queue drains under B's session.
    const b = await signIn('tarde@demo.com');
    await drainOutbox(db, { ...createTransport(b.client), onAck });
    expect(await db.outbox.count()).toBe(0);

    const served = ((await admin.send('GET', `/cash-sessions/${session.id}`)) as { data: CashSessionDetail }).data;
    expect(served.opened_by).toBe(a.user.id);
    for (const sale of [first, second, third]) {
      expect(await flagged(sale.id)).toBe(0);
      expect(await sellerOf(sale.id)).toBe(a.user.id);
    }
    // 100,00 + 3 x 25,00 - 25,00 (the return in dinheiro) - 10,00 (the payout): the device's figure too.
    const cash = (rows: readonly { method: string; amount: number }[]) =>
      Math.round(rows.find((r) => r.method === 'cash')!.amount * 100);
    expect(cash(served.expected)).toBe(14_000);
    const caixa = (await currentCaixa(db))!;
    expect(expectedOf(caixa, await sessionSales(db, caixa.id), await sessionReceipts(db, caixa)).cash).toBe(14_000);

    // B sells offline while A's caixa is still open on this till: another person's caixa.
    const bs = await sell(b.client);
    await drainOutbox(db, { ...createTransport(b.client), onAck });
    expect(await db.outbox.count()).toBe(0);
    expect(await flagged(bs.id)).toBe(1);
    expect(await sellerOf(bs.id)).toBe(b.user.id);
    const after = ((await admin.send('GET', `/cash-sessions/${session.id}`)) as { data: CashSessionDetail }).data;
    expect(cash(after.expected)).toBe(16_500);
  });
});

describe.each(databases())('a shift change with a queued close, against the server (%s)', (kind) => {
  const { ctx, db } = useDeviceAndServer(kind, 'shift-change-close');

  const signIn = (email: string) => signInAt(ctx, db, email);

  it("A's sangria and blind close delivered under B's session are A's; B's own caixa opens after them", async () => {
    const admin = await appClientOf(ctx.app, 'admin@demo.com');
    const made = await admin.send('POST', '/users', {
      body: { name: 'Caixa da Noite', email: 'noite@demo.com', role: 'user', password: 'demo123' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made).toMatchObject({ success: true });

    // Cashier A's shift, all queued: the opening, a sangria of 30,00 and the blind close.
    const a = await signIn('caixa@demo.com');
    const first = await openCaixa(db, { openingFloat: 10_000, operator: { id: a.user.id, name: a.user.name } });
    await addCashMovement(db, { kind: 'sangria', amount: 3_000, reason: 'Cofre' });
    await closeCaixa(db, { counted: { cash: 7_000 }, reason: null, toleranceCentavos: 500 });
    await dismissCaixa(db);

    // B signs in on the same till and opens a caixa of their own; then the queue drains under B.
    const b = await signIn('noite@demo.com');
    const second = await openCaixa(db, { openingFloat: 5_000, operator: { id: b.user.id, name: b.user.name } });
    await drainOutbox(db, { ...createTransport(b.client), onAck });
    expect(await db.outbox.count()).toBe(0);

    const read = async (id: string) =>
      ((await admin.send('GET', `/cash-sessions/${id}`)) as { data: CashSessionDetail }).data;
    const closed = await read(first.id);
    expect(closed).toMatchObject({ status: 'closed', opened_by: a.user.id, closed_by: a.user.id });
    expect(closed.movements.map((m) => [m.kind, m.amount, m.created_by])).toEqual([['sangria', 30, a.user.id]]);
    expect(closed.difference).toBe(0);
    expect(await read(second.id)).toMatchObject({ status: 'open', opened_by: b.user.id });
  });
});
