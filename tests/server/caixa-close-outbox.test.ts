// The device's caixa against the real server, through the till's own outbox code
// (fake-indexeddb, drainOutbox over the app's API client): a blind close made offline with
// a cash shortage and a Pix surplus of the same amount writes, once delivered, one
// cash-book entry per method, the very ones the device showed (shared/caixa.ts
// closeEntries), summing to the close's difference (the DRE's result moves by that net);
// and a sale queued on a till by a
// person who did not open its caixa is delivered, kept in that caixa and recorded as a
// 'cash_session' conflict, never lost.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSE_CATEGORIES, closeEntries } from '../../src/shared/caixa';
import type { CashSessionDetail } from '../../src/shared/contract';
import { todayIso } from '../../src/shared/dates';
import { openCaixa } from '../../src/app/counter/caixa';
import { currentCaixa } from '../../src/app/counter/caixa-session';
import { closeCaixa, expectedOf, sessionReceipts, sessionSales } from '../../src/app/counter/caixa-close';
import type { LocalSale } from '../../src/app/offline/db';
import { finishSale } from '../../src/app/counter/finish-sale';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { onAck } from '../../src/app/counter/outbox-kinds';
import { cashFlowEntries, saleConflicts } from '../../src/server/db/schema';
import { storeRows } from '../../src/server/test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { databases } from '../../src/server/test/testDb';
import { appClientOf } from './app-client';
import { useDeviceAndServer } from './device-server';
import { SaleCreateSchema } from '../../src/shared/contract/sales';

type Client = Awaited<ReturnType<typeof appClientOf>>;
type Product = Awaited<ReturnType<typeof makeProduct>>;

describe.each(databases())("the device's blind close and caixa owner, against the server (%s)", (kind) => {
  const { ctx, db } = useDeviceAndServer(kind, 'caixa-close');

  /** Sells `quantity` of `product` on this device, queued (offline). */
  async function sell(client: Client, customer: { id: string; name: string }, product: Product, extra = {}) {
    const id = randomUUID();
    const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
      id,
      createdAt: Date.now(),
      customerId: customer.id,
      customerName: customer.name,
      totalCentavos: product.price,
      paymentMethod: String((extra as { payment_method?: string }).payment_method ?? 'cash'),
      items: [{ product_id: product.id, product_name: product.name, quantity: 1, unit_price_centavos: product.price }],
    };
    // The device holds the sale typed (centavos): the wire body decoded by the contract.
    const body = SaleCreateSchema.parse({
      ...saleBody(customer.id, [{ product, quantity: 1 }], extra),
      id,
      offline: true,
    });
    expect((await finishSale(db, client, { sale, body, summary: 'Venda' }, { online: false })).kind).toBe('queued');
    return id;
  }
  const deliver = async (client: Client) => {
    await drainOutbox(db, { ...createTransport(client), onAck });
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  };

  it('a cash shortage and a Pix surplus of the same amount: one entry each, as the device showed them', async () => {
    const client = await appClientOf(ctx.app, 'caixa@demo.com');
    const tenantId = ctx.demo.tenant.id;
    const customer = await makeCustomer(ctx.db, tenantId, 'Quitéria Quebra');
    const mug = await makeProduct(ctx.db, tenantId, { stock: 20, price: 2500 });
    const session = await openCaixa(db, { openingFloat: 10_000, operator: { id: 'u', name: 'Caixa Demo' } });
    await sell(client, customer, mug);
    await sell(client, customer, mug, { payment_method: 'pix' });
    const caixa = (await currentCaixa(db))!;
    const expected = expectedOf(caixa, await sessionSales(db, caixa.id), await sessionReceipts(db, caixa));
    expect(expected).toMatchObject({ cash: 12_500, pix: 2500 });
    const admin = await appClientOf(ctx.app, 'admin@demo.com');
    const today = todayIso();
    const dre = async () =>
      (
        (await admin.send('GET', `/financial-reports/dre?start_date=${today}&end_date=${today}`)) as {
          data: { revenue: { other_revenue: number }; net_income: number };
        }
      ).data;
    await deliver(client);
    const before = await dre();

    // R$ 5,00 missing from the drawer, R$ 5,00 more on the Pix statement: the net is zero.
    const counted = { ...expected, cash: expected.cash - 500, pix: expected.pix + 500 };
    const closed = await closeCaixa(db, { counted, reason: 'Pix lançado como dinheiro', toleranceCentavos: 0 });
    expect(closed.difference).toBe(0);
    const shown = closeEntries(closed.figures!);
    expect(shown.map((e) => [e.label, e.type, e.amount])).toEqual([
      ['Quebra de caixa – Dinheiro', 'expense', 500],
      ['Sobra de caixa – PIX', 'income', 500],
    ]);
    await deliver(client);

    const served = ((await client.send('GET', `/cash-sessions/${session.id}`)) as { data: CashSessionDetail }).data;
    expect(served.status).toBe('closed');
    expect(served.difference).toBe(0);
    const book = await ctx.db
      .select()
      .from(cashFlowEntries)
      .where(and(eq(cashFlowEntries.tenantId, tenantId), inArray(cashFlowEntries.category, [...CLOSE_CATEGORIES])));
    expect(
      book
        .map((e) => [e.description.split(' - ')[0], e.type, e.amount, e.paymentMethod])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(shown.map((e) => [e.label, e.type, e.amount, e.method]));
    // The entries sum to the close's difference: the book's balance moves by the net, exactly.
    const net = book.reduce((s, e) => s + (e.type === 'income' ? e.amount : -e.amount), 0);
    expect(net).toBe(Math.round(served.difference! * 100));
    // The DRE shows the surplus as other revenue and the shortage as an expense; the result moves by the net (0).
    const after = await dre();
    expect(Math.round((after.revenue.other_revenue - before.revenue.other_revenue) * 100)).toBe(500);
    expect(after.net_income).toBe(before.net_income);
  });

  it('a sale queued on a till by someone who did not open its caixa: delivered, in that caixa, flagged for admins', async () => {
    const tenantId = ctx.demo.tenant.id;
    const admin = await appClientOf(ctx.app, 'admin@demo.com');
    const made = await admin.send('POST', '/users', {
      body: { name: 'Outra Caixa', email: 'outra@demo.com', role: 'user', password: 'demo123' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(made).toMatchObject({ success: true });
    const opener = await appClientOf(ctx.app, 'caixa@demo.com');
    const other = await appClientOf(ctx.app, 'outra@demo.com');
    const customer = await makeCustomer(ctx.db, tenantId, 'Olga Outra');
    const lamp = await makeProduct(ctx.db, tenantId, { stock: 20, price: 3500 });

    const session = await openCaixa(db, { openingFloat: 5000, operator: { id: 'u', name: 'Caixa Demo' } });
    await deliver(opener);
    // The other cashier signs in on the same till, with its caixa still open, and sells offline.
    const saleId = await sell(other, customer, lamp);
    await deliver(other);

    const served = ((await opener.send('GET', `/cash-sessions/${session.id}`)) as { data: CashSessionDetail }).data;
    const cash = served.expected.find((e) => e.method === 'cash')!.amount;
    expect(Math.round(cash * 100)).toBe(8500);
    const caixa = (await currentCaixa(db))!;
    expect(expectedOf(caixa, await sessionSales(db, caixa.id)).cash).toBe(8500);
    expect(await storeRows(ctx.db, tenantId, saleConflicts, { saleId, kind: 'cash_session' })).toHaveLength(1);
  });
});
