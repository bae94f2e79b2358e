// The device's caixa and the server's agree to the centavo after returns: a caixa opened,
// sold in, returned in (dinheiro, estorno on the card, vale-troca, a crediário's) and paid
// out of (vale-troca in cash) offline through the till's own outbox code (fake-indexeddb,
// drainOutbox over the app's API client) against the real server. The device's expected
// figures while queued equal the server's once delivered; the blind close made offline
// equals the server's close.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CashSessionDetail } from '../../src/shared/contract';
import type { RefundMethod } from '../../src/shared/contract/returns';
import { lineShare } from '../../src/shared/return-share';
import { openCaixa } from '../../src/app/counter/caixa';
import { currentCaixa } from '../../src/app/counter/caixa-session';
import { closeCaixa, expectedOf, sessionReceipts, sessionSales } from '../../src/app/counter/caixa-close';
import type { LocalSale } from '../../src/app/offline/db';
import { finishSale } from '../../src/app/counter/finish-sale';
import { chargedLines, finishReturn, tillPartOfReturn } from '../../src/app/counter/returns';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { finishPayout } from '../../src/app/counter/store-credit-payout';
import { onAck } from '../../src/app/counter/outbox-kinds';
import { useDeviceAndServer } from './device-server';
import { databases } from '../../src/server/test/testDb';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { appClientOf } from './app-client';
import { SaleCreateSchema } from '../../src/shared/contract/sales';

type Client = Awaited<ReturnType<typeof appClientOf>>;
type Product = Awaited<ReturnType<typeof makeProduct>>;

describe.each(databases())("the device's caixa after returns, against the server (%s)", (kind) => {
  const { ctx, db } = useDeviceAndServer(kind, 'caixa-returns');

  it('dinheiro, estorno, vale-troca, a crediário and a payout, offline: the device expects what the server does, before and after delivery, and closes alike', async () => {
    const client = await appClientOf(ctx.app, 'caixa@demo.com');
    const tenantId = ctx.demo.tenant.id;
    const customer = await makeCustomer(ctx.db, tenantId, 'Rita Retorno');
    const mug = await makeProduct(ctx.db, tenantId, { stock: 20, price: 2500 });
    const lamp = await makeProduct(ctx.db, tenantId, { stock: 20, price: 3500 });
    const chair = await makeProduct(ctx.db, tenantId, { stock: 20, price: 10_000 });
    const session = await openCaixa(db, { openingFloat: 10_000, operator: { id: 'u', name: 'Caixa Demo' } });

    /** Sells offline; `off` is centavos off the line and off the whole sale. */
    async function sell(
      product: Product,
      quantity: number,
      extra: Record<string, unknown> = {},
      off = { line: 0, sale: 0 },
    ) {
      const id = crypto.randomUUID();
      const line = { product_id: product.id, product_name: product.name, quantity, unit_price_centavos: product.price };
      const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
        id,
        createdAt: Date.now(),
        customerId: customer.id,
        customerName: customer.name,
        totalCentavos: product.price * quantity - off.line - off.sale,
        paymentMethod: String(extra.payment_method ?? 'cash'),
        items: [{ ...line, ...(off.line ? { discount_centavos: off.line } : {}) }],
        receipt: {
          cashierName: 'Caixa Demo',
          customerDocument: null,
          discountCentavos: off.sale,
          payments: [],
          crediario: null,
        },
      };
      const wire = { ...saleBody(customer.id, [{ product, quantity }], extra), id, offline: true };
      if (off.line) wire.items[0] = { ...wire.items[0]!, discount: off.line / 100 } as (typeof wire.items)[number];
      // The device holds the sale typed (centavos): the wire body decoded by the contract.
      const body = SaleCreateSchema.parse(wire);
      expect((await finishSale(db, client, { sale, body, summary: 'Venda' }, { online: false })).kind).toBe('queued');
      return (await db.sales.get(id))!;
    }
    async function giveBack(sale: LocalSale, refund: RefundMethod, value: number, openInstalments = 0) {
      const id = crypto.randomUUID();
      const outcome = await finishReturn(
        db,
        client as Pick<Client, 'send'>,
        {
          id,
          saleId: sale.id,
          customerId: customer.id,
          body: { lines: [{ position: 0, quantity: 1 }], reason: 'Não serviu', refund_method: refund },
          storeCredit: refund === 'vale_troca' ? value : 0,
          tillPart: tillPartOfReturn({ payments: sale.parts ?? [], openInstalments }, refund, value),
          summary: 'Devolução',
        },
        { online: false },
      );
      expect(outcome.kind).toBe('queued');
      return id;
    }
    const deviceExpected = async () => {
      const caixa = (await currentCaixa(db))!;
      return expectedOf(caixa, await sessionSales(db, caixa.id), await sessionReceipts(db, caixa));
    };
    const serverSession = async () =>
      ((await client.send('GET', `/cash-sessions/${session.id}`)) as { data: CashSessionDetail }).data;
    const centavos = (rows: readonly { method: string; amount: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.method, Math.round(r.amount * 100)]));

    const cash = await sell(mug, 2);
    const split = await sell(lamp, 2, {
      payment_method: 'credit_card',
      payments: [
        { method: 'pix', amount: 30 },
        { method: 'credit_card', amount: 40 },
      ],
    });
    const pix = await sell(mug, 1, { payment_method: 'pix' });
    // 3 x 25,00 less 1,00 off the line and 1,01 off the sale: 72,99, the line charged so.
    const discounted = await sell(mug, 3, { discount: 1.01 }, { line: 100, sale: 101 });
    const crediario = await sell(chair, 1, {
      payment_method: 'crediario',
      crediario: { entrada: 20, entrada_method: 'cash', parcelas: 2, vencimentos: ['2027-01-10', '2027-02-10'] },
    });
    await giveBack(cash, 'dinheiro', 2500);
    await giveBack(split, 'estorno', 3500);
    const vale = await giveBack(pix, 'vale_troca', 2500);
    await giveBack(crediario, 'dinheiro', 10_000, 8000);
    // One of its 3 units: a third of what the line was charged, as the dialog reckons it.
    const charged = { quantity: 3, total_price: chargedLines(discounted)[0]! };
    expect(charged.total_price).toBe(7299);
    await giveBack(discounted, 'dinheiro', lineShare(charged, 0, 1));
    const payout = { id: crypto.randomUUID(), customerId: customer.id, returnId: vale, saleId: null, amount: 1000 };
    expect((await finishPayout(db, client, { ...payout, summary: 'Vale' }, { online: false })).kind).toBe('queued');

    // 100,00 + 50,00 + 72,99 + 20,00 - 25,00 - 24,33 - 20,00 - 10,00 in cash; card 40,00 -
    // 35,00; Pix 30,00 + 25,00.
    const queued = await deviceExpected();
    expect(queued).toEqual({ cash: 16_366, credit_card: 500, debit_card: 0, pix: 5500, transfer: 0 });

    const transport = createTransport(client);
    await drainOutbox(db, { ...transport, onAck });
    expect(await db.outbox.count()).toBe(0);
    expect(centavos((await serverSession()).expected)).toEqual(queued);
    expect(await deviceExpected()).toEqual(queued);

    // The blind close, counted as expected, made offline and delivered: the same figures.
    const closed = await closeCaixa(db, { counted: queued, reason: null, toleranceCentavos: 0 });
    await drainOutbox(db, { ...transport, onAck });
    const served = await serverSession();
    expect(served.status).toBe('closed');
    expect(
      served.figures!.map((f) => [f.method, Math.round(f.expected * 100), Math.round(f.difference * 100)]),
    ).toEqual(closed.figures!.map((f) => [f.method, f.expected, f.difference]));
  });
});
