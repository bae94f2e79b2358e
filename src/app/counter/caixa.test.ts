// The till session on the device (caixa.ts) on fake-indexeddb: opened, moved and closed
// offline, each with its outbox entry; sales of the session carry it and wait for its
// opening; the close waits for the session's movements and queued sales, and its figures
// are the server's arithmetic over this device's sales and the instalments it received
// (a receipt refused by the server counts nowhere).
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../lib/api-client';
import { submitAccountChange, type AccountChange } from './account-changes';
import { addCashMovement, openCaixa } from './caixa';
import { currentCaixa } from './caixa-session';
import {
  closeCaixa,
  CloseReasonRequired,
  dismissCaixa,
  expectedOf,
  sessionReceipts,
  sessionSales,
} from './caixa-close';
import { BalcaoDb, type LocalSale } from '../offline/db';
import { finishSale } from './finish-sale';
import { freshDevices, P1 } from '../test/device-db';
import { saleBody } from '../test/sale-body';
import type { SaleCreate } from '../../shared/contract/sales';
import type { PartPaymentMethod } from '../../shared/contract/payments';

const openDb = freshDevices('t');

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const offlineClient: Pick<ApiClient, 'send'> = {
  send: async () => {
    throw new Error('sem rede neste teste');
  },
};

async function sell(db: BalcaoDb, totalCentavos: number, extra: Partial<SaleCreate> = {}) {
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos,
    paymentMethod: String(extra.payment_method ?? 'cash'),
    items: [{ product_id: P1, product_name: 'Caneca', quantity: 1, unit_price_centavos: totalCentavos }],
  };
  const body = saleBody(sale, { customer_id: CUSTOMER, ...extra });
  const outcome = await finishSale(db, offlineClient, { sale, body, summary: 'Venda' }, { online: false });
  expect(outcome.kind).toBe('queued');
  return sale.id;
}

describe('the till session on the device', () => {
  it('opens, sells, moves cash and closes offline, every change queued in order', async () => {
    const db = openDb();
    const session = await openCaixa(db, { openingFloat: 10_000, operator: { id: 'u1', name: 'Caixa Demo' } });
    await expect(openCaixa(db, { openingFloat: 1, operator: { id: 'u1', name: 'Caixa Demo' } })).rejects.toThrow();
    const cash = await sell(db, 3990);
    await sell(db, 5000, {
      payment_method: 'pix',
      payments: [
        { method: 'pix', amount: 3000 },
        { method: 'cash', amount: 2000, received: 5000 },
      ],
    });
    await sell(db, 8000, {
      payment_method: 'crediario',
      crediario: { entrada: 1500, entrada_method: 'pix', parcelas: 1, vencimentos: ['2027-01-10'] },
    });
    const sangria = await addCashMovement(db, { kind: 'sangria', amount: 5000, reason: 'Cofre' });

    // 100,00 + 39,90 + 20,00 - 50,00 = 109,90 in cash; Pix 30,00 + 15,00.
    await expect(
      closeCaixa(db, { counted: { cash: 10_000, pix: 4500 }, reason: null, toleranceCentavos: 500 }),
    ).rejects.toBeInstanceOf(CloseReasonRequired);
    const closed = await closeCaixa(db, {
      counted: { cash: 10_990, pix: 4500 },
      reason: null,
      toleranceCentavos: 500,
    });
    expect(closed.figures!.find((f) => f.method === 'cash')).toEqual({
      method: 'cash',
      expected: 10_990,
      counted: 10_990,
      difference: 0,
    });
    expect(closed.figures!.find((f) => f.method === 'pix')).toMatchObject({ expected: 4500, difference: 0 });

    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => e.path)).toEqual([
      '/api/cash-sessions',
      '/api/sales',
      '/api/sales',
      '/api/sales',
      `/api/cash-sessions/${session.id}/movements`,
      `/api/cash-sessions/${session.id}/close`,
    ]);
    const [open, ...rest] = outbox;
    expect(open!.id).toBe(session.id);
    expect(open!.body).toMatchObject({ opening_float: 100, id: session.id });
    // Sales and the movement wait for the opening; the close for everything of the session.
    for (const entry of rest.slice(0, 4)) expect(entry.dependsOn).toContain(session.id);
    expect(rest[0]!.body).toMatchObject({ cash_session_id: session.id });
    const close = outbox[5]!;
    expect(close.dependsOn).toEqual(expect.arrayContaining([session.id, cash, sangria.id]));
    expect(close.body).toMatchObject({ counted: { cash: 109.9, pix: 45, credit_card: 0 }, reason: null });

    await dismissCaixa(db);
    expect(await currentCaixa(db)).toBeNull();
  });

  it('counts the instalments received in the session by method; a refused one counts nowhere', async () => {
    const db = openDb();
    const session = await openCaixa(db, { openingFloat: 5000, operator: { id: 'u1', name: 'Caixa Demo' } });
    const receipt = (
      method: PartPaymentMethod,
      total: number,
      online: boolean,
      send = async (): Promise<unknown> => ({}),
    ) => {
      const id = crypto.randomUUID();
      const receivable = crypto.randomUUID();
      const change: AccountChange = {
        id,
        resource: `receivable:${receivable}`,
        method: 'POST',
        path: `/api/accounts-receivable/${receivable}/receive`,
        body: { payment_method: method, cash_session_id: session.id },
        summary: 'Recebimento de parcela',
        overlay: [],
        caixaReceipt: { sessionId: session.id, receipt: { id, method, amount: total } },
      };
      return submitAccountChange(db, change, { send, online: () => online }).then(() => id);
    };
    // Offline: R$ 41,20 in cash (R$ 40,00 + multa and juros), queued behind the opening.
    const cash = await receipt('cash', 4120, false);
    // The opening still queued: even online the receipt waits behind it, never sent first.
    let sent = 0;
    const pix = await receipt('pix', 6180, true, async () => ++sent);
    expect(sent).toBe(0);
    const queued = await db.outbox.where('id').anyOf([cash, pix]).toArray();
    for (const entry of queued) expect(entry.dependsOn).toContain(session.id);

    const expectedNow = async () => {
      const s = (await currentCaixa(db))!;
      return expectedOf(s, await sessionSales(db, s.id), await sessionReceipts(db, s));
    };
    expect(await expectedNow()).toMatchObject({ cash: 9120, pix: 6180 });
    // The server refuses the Pix one: it leaves the device's figures.
    await db.outbox.where('id').equals(pix).modify({ status: 'rejected' });
    expect(await expectedNow()).toMatchObject({ cash: 9120, pix: 0 });

    const closed = await closeCaixa(db, { counted: { cash: 9120 }, reason: null, toleranceCentavos: 0 });
    expect(closed.difference).toBe(0);
    const close = (await db.outbox.orderBy('seq').toArray()).at(-1)!;
    expect(close.dependsOn).toEqual(expect.arrayContaining([session.id, cash, pix]));
  });
});
