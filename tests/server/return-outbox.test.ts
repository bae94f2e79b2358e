// A return made offline through the till's own outbox code (fake-indexeddb, drainOutbox,
// createTransport over the app's API client) against the real server: a sale sold offline
// on this device, returned for vale-troca before it reached the server, and the vale used
// in a new sale; delivered in order, and the return sent again (a lost answer) is one
// return. The device's balance counts the queued credit and use meanwhile.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { finishSale } from '../../src/app/counter/finish-sale';
import { recordSale } from '../../src/app/counter/records';
import { finishReturn } from '../../src/app/counter/returns';
import { storeCreditOf } from '../../src/app/counter/store-credit';
import { returnOverLimit } from '../../src/shared/return-limit';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { onAck } from '../../src/app/counter/outbox-kinds';
import { customers, saleReturns, stockMovements } from '../../src/server/db/schema';
import { useDeviceAndServer } from './device-server';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { appClientOf } from './app-client';
import { SaleCreateSchema } from '../../src/shared/contract/sales';

describe('a return through the outbox', () => {
  const { ctx, db } = useDeviceAndServer('pglite', 'returns');

  const clientOf = (email: string) => appClientOf(ctx.app, email);

  it('returns a sale sold offline before it reached the server, uses the vale, and a replay is one return', async () => {
    const client = await clientOf('caixa@demo.com');
    const transport = createTransport(client);
    const tenantId = ctx.demo.tenant.id;
    const product = await makeProduct(ctx.db, tenantId, { stock: 10, price: 2500 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Olga Offline');
    await db.customers.put({
      id: customer.id,
      name: customer.name,
      active: true,
      store_credit: 0,
      version: 1,
    } as never);

    // Sold offline: 2 units of R$ 25,00.
    const saleId = crypto.randomUUID();
    const line = { product_id: product.id, product_name: product.name, quantity: 2, unit_price_centavos: 2500 };
    await recordSale(
      db,
      {
        id: saleId,
        createdAt: Date.now(),
        customerName: customer.name,
        totalCentavos: 5000,
        paymentMethod: 'cash',
        items: [line],
      },
      SaleCreateSchema.parse({ ...saleBody(customer.id, [{ product, quantity: 2 }]), id: saleId, offline: true }),
      { summary: 'venda offline' },
    );
    // One unit back for vale-troca, still offline: it waits for the sale.
    const returnId = crypto.randomUUID();
    const returned = await finishReturn(
      db,
      client,
      {
        id: returnId,
        saleId,
        customerId: customer.id,
        body: { lines: [{ position: 0, quantity: 1 }], reason: 'Não serviu', refund_method: 'vale_troca' },
        storeCredit: 2500,
        summary: 'Devolução',
      },
      { online: false },
    );
    expect(returned).toEqual({ kind: 'queued' });
    const [, entry] = await db.outbox.orderBy('seq').toArray();
    expect(entry).toMatchObject({ id: returnId, kind: 'return', dependsOn: [saleId] });
    expect(await storeCreditOf(db, customer.id)).toBe(2500);

    // The vale pays R$ 20,00 of a new sale, offline.
    const newSale = crypto.randomUUID();
    const used = await finishSale(
      db,
      client,
      {
        sale: {
          id: newSale,
          createdAt: Date.now(),
          customerName: customer.name,
          totalCentavos: 2500,
          paymentMethod: 'cash',
          items: [{ ...line, quantity: 1 }],
        },
        body: SaleCreateSchema.parse({
          ...saleBody(customer.id, [{ product, quantity: 1 }]),
          id: newSale,
          offline: true,
          payments: [
            { method: 'store_credit', amount: 20 },
            { method: 'cash', amount: 5 },
          ],
        }),
        summary: 'venda com vale',
      },
      { online: false },
    );
    expect(used).toEqual({ kind: 'queued' });
    expect((await db.outbox.get({ id: newSale }))!.dependsOn).toContain(returnId);
    expect(await storeCreditOf(db, customer.id)).toBe(500);

    const delivered = await drainOutbox(db, { ...transport, onAck });
    expect(delivered).toMatchObject({ delivered: 3, rejected: 0 });
    const balance = async () =>
      (
        await ctx.db
          .select()
          .from(customers)
          .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customer.id)))
      )[0]!.storeCredit;
    expect(await balance()).toBe(500);

    // The return's answer was lost: the till sends it again under the same key.
    await db.outbox.add({ ...entry!, seq: undefined, status: 'pending', attempts: 0, nextAttemptAt: 0, leaseUntil: 0 });
    expect(await drainOutbox(db, { ...transport, onAck })).toMatchObject({ delivered: 1, rejected: 0 });
    const onServer = await ctx.db.select().from(saleReturns).where(eq(saleReturns.tenantId, tenantId));
    expect(onServer.map((r) => [r.id, r.saleId, r.amount, r.offline])).toEqual([[returnId, saleId, 2500, true]]);
    const moves = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.tenantId, tenantId), eq(stockMovements.kind, 'return')));
    expect(moves.map((m) => m.quantity)).toEqual([1]);
    expect(await balance()).toBe(500);
  });

  it("over the cashier's limit: an admin present's sealed approval goes with the return, online or queued; without one, queued, it is flagged", async () => {
    const client = await clientOf('caixa@demo.com');
    const adminClient = await clientOf('admin@demo.com');
    const keyed = () => ({ 'Idempotency-Key': crypto.randomUUID() });
    await adminClient.send('PUT', '/settings', { body: { cashier_max_return: 1000 }, headers: keyed() });
    const tenantId = ctx.demo.tenant.id;
    const product = await makeProduct(ctx.db, tenantId, { stock: 10, price: 2500 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Vera Limite');
    const sold = (await client.send('POST', '/sales', {
      body: saleBody(customer.id, [{ product, quantity: 3 }]),
      headers: keyed(),
    })) as { data: { id: string } };
    const saleId = sold.data.id;
    const input = () => ({
      id: crypto.randomUUID(),
      saleId,
      customerId: customer.id,
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'Defeito', refund_method: 'dinheiro' as const },
      storeCredit: 0,
      summary: 'Devolução',
    });
    const byCashier = await finishReturn(db, client, input(), { online: true });
    expect(byCashier.kind === 'refused' && byCashier.error.message).toBe(returnOverLimit(1000));

    // The admin's e-mail and password checked once, online: a cashier's or a wrong one approve nothing.
    const approve = (email: string, password: string, one: { id: string }) =>
      client.send('POST', '/auth/return-approval', {
        body: { email, password, sale_id: saleId, return_id: one.id, amount: 25 },
      }) as Promise<{ data: { approval: string } }>;
    const withApproval = async (one: ReturnType<typeof input>) => ({
      ...one,
      body: { ...one.body, approval: (await approve('admin@demo.com', 'demo123', one)).data.approval },
    });
    await expect(approve('caixa@demo.com', 'demo123', input())).rejects.toThrow(
      'Só um administrador pode autorizar uma devolução acima do limite.',
    );
    await expect(approve('admin@demo.com', 'errada', input())).rejects.toThrow();
    const one = await withApproval(input());
    expect((await finishReturn(db, client, one, { online: true })).kind).toBe('delivered');
    // Approved, then the network went: it waits in the outbox with its approval.
    const queuedApproved = await withApproval(input());
    expect(await finishReturn(db, client, queuedApproved, { online: false })).toEqual({ kind: 'queued' });
    const offline = input();
    expect(await finishReturn(db, client, offline, { online: false })).toEqual({ kind: 'queued' });
    expect(await drainOutbox(db, { ...createTransport(client), onAck })).toMatchObject({ delivered: 2 });

    const rows = await ctx.db.select().from(saleReturns).where(eq(saleReturns.saleId, saleId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(3);
    const cashierId = ctx.demo.cashier.id;
    expect(byId.get(one.id)).toMatchObject({ createdBy: cashierId, limitConflict: false, offline: false });
    expect(byId.get(queuedApproved.id)).toMatchObject({ createdBy: cashierId, limitConflict: false, offline: true });
    expect(byId.get(offline.id)).toMatchObject({ createdBy: cashierId, limitConflict: true });
    // The cashier's own session goes on.
    expect(await client.send('GET', '/auth/me')).toMatchObject({ data: { email: 'caixa@demo.com' } });
  });
});
