// The till's sale numbers on fake-indexeddb: the code asked of the server once, the
// sequence kept with each sale (queued or delivered), surviving a reload, never moved by a
// refused sale, and the server's number kept when it gave another.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import { BalcaoDb, type LocalSale } from './db';
import { finishSale } from '../counter/finish-sale';
import { ensureDeviceCode, nextSaleNumber, ownTillName } from './sale-numbers';
import { deviceIdentity } from './device-identity';
import { saleBody } from '../test/sale-body';

const names: string[] = [];
const opened: BalcaoDb[] = [];
function openDb(name = `t-${crypto.randomUUID()}`) {
  const db = new BalcaoDb(name);
  opened.push(db);
  names.push(name);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const name of names.splice(0)) await new BalcaoDb(name).delete().catch(() => undefined);
});

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const P1 = '00000000-0000-4000-8000-000000000001';

function input() {
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos: 1000,
    paymentMethod: 'cash',
    items: [{ product_id: P1, product_name: 'Caneca', quantity: 1, unit_price_centavos: 1000 }],
  };
  return { sale, body: saleBody(sale, { customer_id: CUSTOMER }), summary: 'Venda · Maria · R$ 10,00' };
}

const registering = (code: string) => {
  const calls: string[] = [];
  const send: ApiClient['send'] = async (method, path) => {
    calls.push(`${method} ${path}`);
    return { success: true, data: { id: crypto.randomUUID(), code, label: null, name: 'Balcão 2' } };
  };
  return { calls, client: { send } };
};

describe('sale numbers at the till', () => {
  it('asks for its code once (after, it reads its name again), then numbers its sales in order, across a reload', async () => {
    const name = `t-${crypto.randomUUID()}`;
    const db = openDb(name);
    expect(await nextSaleNumber(db)).toBeNull();
    const server = registering('B');
    expect(await ensureDeviceCode(db, server.client)).toBe('B');
    expect(await ensureDeviceCode(db, server.client)).toBe('B');
    const { id } = await deviceIdentity(db);
    expect(server.calls).toEqual(['POST /devices', `GET /devices/${id}`]);
    expect(await ownTillName(db)).toBe('Balcão 2 (B)');
    expect(await nextSaleNumber(db)).toBe('B-0001');

    const offline = { send: async () => ({}) } as unknown as ApiClient;
    const first = input();
    await finishSale(db, offline, first, { online: false });
    const second = input();
    await finishSale(db, offline, second, { online: false });
    expect((await db.sales.get(first.sale.id))?.number).toBe('B-0001');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => (e.body as { number?: string }).number)).toEqual(['B-0001', 'B-0002']);
    expect(queued.map((e) => e.summary)).toEqual([
      'Venda #B-0001 · Maria · R$ 10,00',
      'Venda #B-0002 · Maria · R$ 10,00',
    ]);

    // A reload: the same database opened again goes on from where it was.
    db.close();
    const again = openDb(name);
    expect(await nextSaleNumber(again)).toBe('B-0003');

    // A refused sale uses no number.
    const refusing = {
      send: async () => {
        throw new ApiError('O preço de Caneca mudou.', 409, 'PRICE_CHANGED', []);
      },
    } as unknown as ApiClient;
    expect((await finishSale(again, refusing, input(), { online: true })).kind).toBe('refused');
    expect(await nextSaleNumber(again)).toBe('B-0003');

    // Delivered online: the number moves too; the server's own is kept when it gave another.
    const renumbering = {
      send: async () => ({ success: true, data: { number: '0107', stock_conflicts: [], stock_after: [] } }),
    } as unknown as ApiClient;
    const third = input();
    expect((await finishSale(again, renumbering, third, { online: true })).kind).toBe('delivered');
    expect((await again.sales.get(third.sale.id))?.number).toBe('0107');
    expect(await nextSaleNumber(again)).toBe('B-0004');
  });

  it('without a code (never reached the server) the sale goes without a number', async () => {
    const db = openDb();
    const offline = { send: async () => ({}) } as unknown as ApiClient;
    const sale = input();
    await finishSale(db, offline, sale, { online: false });
    const [entry] = await db.outbox.toArray();
    expect((entry!.body as { number?: string }).number).toBeUndefined();
    expect(entry!.summary).toBe('Venda · Maria · R$ 10,00');
  });
});
