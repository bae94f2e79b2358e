// Returns in the device's caixa (returns.ts, caixa.ts) on fake-indexeddb, the network faked
// at the client: what a return pays back in dinheiro leaves the expected cash, by estorno
// the card or Pix it went back on, to vale-troca nothing; a crediário's open instalments
// take the return first. Offline the device reckons it by the server's rule and the close
// agrees with the server's figures; delivered, the server's answer replaces the reckoning;
// online the return is kept as answered; a refused return counts nowhere.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { openCaixa } from './caixa';
import { currentCaixa } from './caixa-session';
import { closeCaixa, expectedOf, sessionReceipts, sessionSales } from './caixa-close';
import { BalcaoDb, type LocalSale, type OutboxEntry } from '../offline/db';
import { finishSale } from './finish-sale';
import { finishReturn, tillPartOfReturn } from './returns';
import { drainOutbox } from '../offline/sender';
import { finishPayout } from './store-credit-payout';
import { onAck } from './outbox-kinds';
import { freshDevices, P1 } from '../test/device-db';
import type { RefundMethod } from '../../shared/contract/returns';
import { saleBody } from '../test/sale-body';
import type { SaleCreate } from '../../shared/contract/sales';

const openDb = freshDevices('t');
const CUSTOMER = '00000000-0000-4000-8000-0000000000c3';
const operator = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Caixa' };
const offline: Pick<ApiClient, 'send'> = {
  send: async () => {
    throw new Error('sem rede neste teste');
  },
};

/** Sells `quantity` x `unit` centavos offline in the open caixa; `extra` is the body's payment. */
async function sell(db: BalcaoDb, unit: number, quantity: number, extra: Partial<SaleCreate> = {}) {
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerId: CUSTOMER,
    customerName: 'Maria',
    totalCentavos: unit * quantity,
    paymentMethod: String(extra.payment_method ?? 'cash'),
    items: [{ product_id: P1, product_name: 'Caneca', quantity, unit_price_centavos: unit }],
  };
  const body = saleBody(sale, { customer_id: CUSTOMER, ...extra });
  expect((await finishSale(db, offline, { sale, body, summary: 'Venda' }, { online: false })).kind).toBe('queued');
  return (await db.sales.get(sale.id))!;
}

/** Returns `quantity` units (worth `value` centavos) of the sale's first line, the way the dialog does. */
async function giveBack(
  db: BalcaoDb,
  client: Pick<ApiClient, 'send'>,
  sale: LocalSale,
  refund: RefundMethod,
  quantity: number,
  value: number,
  openInstalments = 0,
) {
  const id = crypto.randomUUID();
  const outcome = await finishReturn(
    db,
    client,
    {
      id,
      saleId: sale.id,
      customerId: CUSTOMER,
      body: { lines: [{ position: 0, quantity }], reason: 'Não serviu', refund_method: refund },
      storeCredit: refund === 'vale_troca' ? value : 0,
      tillPart: tillPartOfReturn({ payments: sale.parts ?? [], openInstalments }, refund, value),
      summary: 'Devolução',
    },
    { online: client !== offline },
  );
  return { id, outcome };
}

async function expectedNow(db: BalcaoDb) {
  const session = (await currentCaixa(db))!;
  return expectedOf(session, await sessionSales(db, session.id), await sessionReceipts(db, session));
}

describe('returns in the device caixa', () => {
  it('offline: dinheiro out of cash, estorno off its card, vale-troca and instalments nothing; the close agrees with the server', async () => {
    const db = openDb();
    await openCaixa(db, { openingFloat: 10_000, operator });
    const cash = await sell(db, 6000, 1);
    const split = await sell(db, 3500, 2, {
      payment_method: 'credit_card',
      payments: [
        { method: 'pix', amount: 3000 },
        { method: 'credit_card', amount: 4000 },
      ],
    });
    const pix = await sell(db, 2500, 1, { payment_method: 'pix' });
    const crediario = await sell(db, 10_000, 1, {
      payment_method: 'crediario',
      crediario: { entrada: 2000, entrada_method: 'cash', parcelas: 2, vencimentos: ['2027-01-10', '2027-02-10'] },
    });
    expect(await expectedNow(db)).toEqual({ cash: 18_000, credit_card: 4000, debit_card: 0, pix: 5500, transfer: 0 });

    const dinheiro = await giveBack(db, offline, cash, 'dinheiro', 1, 6000);
    const estorno = await giveBack(db, offline, split, 'estorno', 1, 3500);
    const vale = await giveBack(db, offline, pix, 'vale_troca', 1, 2500);
    // 100,00 financed in 80,00 of instalments and 20,00 of entrada: the instalments take 80,00 first.
    const onInstalments = await giveBack(db, offline, crediario, 'dinheiro', 1, 10_000, 8000);
    const payout = crypto.randomUUID();
    const paid = { id: payout, customerId: CUSTOMER, returnId: vale.id, saleId: null, amount: 1000, summary: 'Vale' };
    expect((await finishPayout(db, offline, paid, { online: false })).kind).toBe('queued');
    for (const r of [dinheiro, estorno, vale, onInstalments]) expect(r.outcome.kind).toBe('queued');

    const caixa = (await currentCaixa(db))!;
    expect(await sessionReceipts(db, caixa)).toEqual([
      { id: dinheiro.id, method: 'cash', amount: -6000 },
      { id: estorno.id, method: 'credit_card', amount: -3500 },
      { id: onInstalments.id, method: 'cash', amount: -2000 },
      { id: payout, method: 'cash', amount: -1000 },
    ]);
    // What the server's close expects (cash-session-figures.ts): 100,00 + 60,00 + 20,00 in
    // sales - 60,00 - 20,00 paid back - 10,00 of vale in cash; the card 40,00 - 35,00.
    const server = { cash: 9000, credit_card: 500, debit_card: 0, pix: 5500, transfer: 0 };
    expect(await expectedNow(db)).toEqual(server);
    const closed = await closeCaixa(db, { counted: server, reason: null, toleranceCentavos: 0 });
    expect(closed.figures!.map((f) => [f.method, f.expected, f.difference])).toEqual(
      Object.entries(server).map(([method, expected]) => [method, expected, 0]),
    );
    // The close waits for every return of the session.
    const close = (await db.outbox.toArray()).find((e) => e.path.endsWith('/close'))!;
    expect(close.dependsOn).toEqual(expect.arrayContaining([dinheiro.id, estorno.id, vale.id, onInstalments.id]));
  });

  it('delivered: the server answer replaces what the device reckoned; a refused return counts nowhere', async () => {
    const db = openDb();
    const session = await openCaixa(db, { openingFloat: 0, operator });
    const crediario = await sell(db, 10_000, 1, {
      payment_method: 'crediario',
      crediario: { entrada: 2000, entrada_method: 'cash', parcelas: 1, vencimentos: ['2027-01-10'] },
    });
    const cash = await sell(db, 3000, 1);
    // The device reckons 80,00 still open; an instalment of 50,00 was paid at another till.
    const returned = await giveBack(db, offline, crediario, 'dinheiro', 1, 10_000, 8000);
    const refused = await giveBack(db, offline, cash, 'dinheiro', 1, 3000);
    expect((await expectedNow(db)).cash).toBe(2000 + 3000 - 2000 - 3000);

    const send = async (e: OutboxEntry) => {
      if (e.id === refused.id) return { kind: 'http' as const, status: 409, code: 'CONFLICT', error: 'Recusada' };
      const data =
        e.id === returned.id
          ? { refund_payment_method: 'cash', refunded: 50, cash_session_id: session.id }
          : { number: 'A-0001', stock_conflicts: [] };
      return { kind: 'ok' as const, status: 201, body: { success: true, data } };
    };
    for (let i = 0; i < 4; i++) await drainOutbox(db, { send, onAck });
    expect(await db.outbox.filter((e) => e.status !== 'rejected').count()).toBe(0);
    expect(await sessionReceipts(db, (await currentCaixa(db))!)).toEqual([
      { id: returned.id, method: 'cash', amount: -5000 },
    ]);
    expect((await expectedNow(db)).cash).toBe(2000 + 3000 - 5000);
  });

  it('online: kept as the server answered it; refused, nothing kept', async () => {
    const db = openDb();
    const session = await openCaixa(db, { openingFloat: 0, operator });
    const sale = await sell(db, 4000, 1, { payment_method: 'debit_card' });
    await db.outbox.clear(); // the opening and the sale reached the server
    const answering = {
      send: async () => ({
        success: true,
        data: { refund_payment_method: 'debit_card', refunded: 40, cash_session_id: session.id },
      }),
    };
    const { id, outcome } = await giveBack(db, answering, sale, 'estorno', 1, 4000);
    expect(outcome.kind).toBe('delivered');
    const refusing = {
      send: async () => {
        throw new ApiError('Esta venda não foi paga com cartão, Pix ou transferência.', 400, 'BAD_REQUEST');
      },
    };
    expect((await giveBack(db, refusing, sale, 'dinheiro', 1, 4000)).outcome.kind).toBe('refused');
    expect((await currentCaixa(db))!.receipts).toEqual([{ id, method: 'debit_card', amount: -4000 }]);
    expect(await expectedNow(db)).toMatchObject({ debit_card: 0, cash: 0 });
  });
});
