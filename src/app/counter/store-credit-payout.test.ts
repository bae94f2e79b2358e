// Vale-troca given back in cash at the counter (store-credit-payout.ts) on fake-indexeddb,
// the network faked at the client: offline it is queued after the return that credited
// the vale, the new sale and the caixa's opening, takes the vale off the customer here and
// is cash out of the device's caixa; the outbox delivers it in that order, once. Online it
// goes straight to the server (the mirror takes the balance answered); a refusal keeps
// nothing.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import { openCaixa } from './caixa';
import { currentCaixa } from './caixa-session';
import { expectedOf, sessionReceipts } from './caixa-close';
import type { LocalSale, OutboxEntry } from '../offline/db';
import { recordSale } from './records';
import { recordReturn } from './returns';
import { storeCreditOf } from './store-credit';
import { drainOutbox } from '../offline/sender';
import { finishPayout } from './store-credit-payout';
import { freshDevices, P1 } from '../test/device-db';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('t');
const CUSTOMER = '00000000-0000-4000-8000-0000000000c2';
const operator = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Caixa' };

function client(answer: () => unknown) {
  const calls: { path: string; body: Record<string, unknown>; key?: string }[] = [];
  const send: ApiClient['send'] = async (_method, path, options = {}) => {
    calls.push({ path, body: options.body as Record<string, unknown>, key: options.headers?.['Idempotency-Key'] });
    return answer();
  };
  return { calls, client: { send } };
}

/** A return of 50,00 to vale-troca and a new sale of 20,00 paid with it, both queued here. */
async function exchangeQueued(db: ReturnType<typeof openDb>) {
  const returnId = crypto.randomUUID();
  const vale = { lines: [], reason: 'Troca', refund_method: 'vale_troca' as const };
  await recordReturn(
    db,
    {
      id: returnId,
      saleId: crypto.randomUUID(),
      customerId: CUSTOMER,
      body: vale,
      storeCredit: 5000,
      summary: 'Troca',
    },
    vale,
  );
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos: 2000,
    paymentMethod: 'cash',
    items: [{ product_id: P1, product_name: 'Caneca', quantity: 1, unit_price_centavos: 2000 }],
  };
  await recordSale(db, sale, saleBody(sale, { customer_id: CUSTOMER }), {
    summary: 'Venda',
    storeCredit: { customerId: CUSTOMER, delta: -2000 },
  });
  return { returnId, saleId: sale.id };
}

const payout = (ex: { returnId: string; saleId: string }, id = crypto.randomUUID()) => ({
  id,
  customerId: CUSTOMER,
  returnId: ex.returnId,
  saleId: ex.saleId,
  amount: 3000,
  summary: 'Vale-troca em dinheiro',
});

describe('finishPayout', () => {
  it('offline: queued after the return, the new sale and the caixa; the vale and the caixa here drop at once; delivered in order, once', async () => {
    const db = openDb();
    const session = await openCaixa(db, { openingFloat: 10_000, operator });
    const ex = await exchangeQueued(db);
    expect(await storeCreditOf(db, CUSTOMER)).toBe(3000);
    const { client: offline, calls } = client(() => {
      throw new Error('não deveria enviar');
    });
    const input = payout(ex);
    expect(await finishPayout(db, offline, input, { online: true })).toEqual({ kind: 'queued' });
    expect(calls).toEqual([]); // what it needs is still queued: it waits behind it
    const entry = (await db.outbox.where('id').equals(input.id).first())!;
    expect(entry).toMatchObject({
      kind: 'store-credit-payout',
      path: `/api/customers/${CUSTOMER}/store-credit/payout`,
      storeCredit: { customerId: CUSTOMER, delta: -3000 },
    });
    expect([...entry.dependsOn].sort()).toEqual([session.id, ex.returnId, ex.saleId].sort());
    expect(entry.body).toMatchObject({
      amount: 30,
      return_id: ex.returnId,
      sale_id: ex.saleId,
      cash_session_id: session.id,
      offline: true,
    });
    expect(await storeCreditOf(db, CUSTOMER)).toBe(0);
    const caixa = (await currentCaixa(db))!;
    expect(await sessionReceipts(db, caixa)).toEqual([{ id: input.id, method: 'cash', amount: -3000 }]);
    expect(expectedOf(caixa, [], await sessionReceipts(db, caixa)).cash).toBe(7000);

    const sent: string[] = [];
    const send = async (e: OutboxEntry) => {
      sent.push(e.id);
      return { kind: 'ok' as const, status: 201, body: {} };
    };
    await drainOutbox(db, { send });
    await drainOutbox(db, { send });
    expect(sent).toEqual([session.id, ex.returnId, ex.saleId, input.id]);
  });

  it('online with nothing queued: straight to the server under its id; the mirror takes the balance answered', async () => {
    const db = openDb();
    await db.customers.put({ id: CUSTOMER, name: 'Maria', store_credit: 30, version: 1 } as never);
    const { client: online, calls } = client(() => ({ success: true, data: { store_credit_balance: 0 } }));
    const input = payout({ returnId: crypto.randomUUID(), saleId: crypto.randomUUID() });
    expect((await finishPayout(db, online, input, { online: true })).kind).toBe('delivered');
    expect(calls).toEqual([
      {
        path: `/customers/${CUSTOMER}/store-credit/payout`,
        key: input.id,
        body: expect.objectContaining({ id: input.id, amount: 30, offline: false }),
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await storeCreditOf(db, CUSTOMER)).toBe(0);
  });

  it('refused online (409): nothing kept, the vale and the caixa as they were', async () => {
    const db = openDb();
    await openCaixa(db, { openingFloat: 0, operator });
    await db.outbox.clear(); // the opening reached the server
    await db.customers.put({ id: CUSTOMER, name: 'Maria', store_credit: 30, version: 1 } as never);
    const { client: refusing } = client(() => {
      throw new ApiError('Desta devolução, só R$ 10,00 de vale-troca pode voltar em dinheiro.', 409, 'CONFLICT');
    });
    const outcome = await finishPayout(
      db,
      refusing,
      payout({ returnId: crypto.randomUUID(), saleId: crypto.randomUUID() }),
      {
        online: true,
      },
    );
    expect(outcome.kind).toBe('refused');
    expect(await db.outbox.count()).toBe(0);
    expect(await storeCreditOf(db, CUSTOMER)).toBe(3000);
    expect((await currentCaixa(db))!.receipts ?? []).toEqual([]);
  });
});
