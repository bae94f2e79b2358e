// Finishing a sale (finish-sale.ts) on fake-indexeddb with the network faked at the
// client: delivered directly when online, refused with nothing written, or queued in the
// outbox under the same id (offline, a queued customer, no answer in time, a 5xx).
import { describe, expect, it } from 'vitest';
import { ApiError, TimeoutError } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import type { LocalSale, MirrorProduct } from '../offline/db';
import { META_DEVICE_ID, deviceLabelOf } from '../offline/device-identity';
import { finishSale } from './finish-sale';
import { recordCustomer } from './records';
import { getProducts } from '../offline/product-store';
import { freshDevices, P1 } from '../test/device-db';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('t');

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';

type Call = { method: string; path: string; body: Record<string, unknown>; key?: string; timeoutMs?: number };
function client(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const send: ApiClient['send'] = async (method, path, options = {}) => {
    const call = {
      method,
      path,
      body: options.body as Record<string, unknown>,
      key: options.headers?.['Idempotency-Key'],
      timeoutMs: options.timeoutMs,
    };
    calls.push(call);
    return answer(call);
  };
  return { calls, client: { send } };
}

function input(customerId = CUSTOMER) {
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos: 3000,
    paymentMethod: 'cash',
    items: [{ product_id: P1, product_name: 'Caneca', quantity: 3, unit_price_centavos: 1000 }],
  };
  return { sale, body: saleBody(sale, { customer_id: customerId }), summary: 'Venda #1' };
}

const product = { id: P1, name: 'Caneca', sku: 'CAN', current_stock: 10, version: 3 } as unknown as MirrorProduct;

describe('finishSale', () => {
  it('online: sends the sale (offline: false, its id as key) and keeps it as delivered with the server stock', async () => {
    const db = openDb();
    await db.products.put(product);
    const sale = input();
    const { calls, client: c } = client((call) => ({
      success: true,
      data: { id: call.key, stock_conflicts: [], stock_after: [{ product_id: P1, current_stock: 7, version: 9 }] },
    }));
    expect(await finishSale(db, c, sale, { online: true })).toEqual({ kind: 'delivered' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/sales', key: sale.sale.id, timeoutMs: 6_000 });
    expect(calls[0]!.body).toMatchObject({ id: sale.sale.id, offline: false, device_id: expect.any(String) });
    expect(await db.sales.get(sale.sale.id)).toMatchObject({ state: 'synced', conflicts: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect((await getProducts(db, [P1]))[0]).toMatchObject({ current_stock: 7, version: 9 });
  });

  it('refused (a price that changed): nothing is written', async () => {
    const db = openDb();
    const { client: c } = client(() => {
      throw new ApiError('O preço de Caneca mudou.', 409, 'PRICE_CHANGED', []);
    });
    const outcome = await finishSale(db, c, input(), { online: true });
    expect(outcome).toMatchObject({ kind: 'refused', error: { code: 'PRICE_CHANGED', status: 409 } });
    expect(await db.sales.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['no answer in time', () => new TimeoutError()],
    ['a server in trouble', () => new ApiError('Erro interno do servidor', 503, 'INTERNAL')],
    ['a lost session', () => new ApiError('Sessão expirada.', 401, 'UNAUTHENTICATED')],
    ['too early (425), as the outbox sender retries it', () => new ApiError('Too Early', 425, 'TOO_EARLY')],
  ])('%s: queued under the same id, as the outbox sends it', async (_what, failure) => {
    const db = openDb();
    const sale = input();
    const { calls, client: c } = client(() => {
      throw failure();
    });
    expect(await finishSale(db, c, sale, { online: true })).toEqual({ kind: 'queued' });
    expect(calls).toHaveLength(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ id: sale.sale.id, kind: 'sale', path: '/api/sales', status: 'pending' });
    // The same sale as sent, but marked as the outbox's: the server takes them as one.
    const { offline: _direct, ...sent } = calls[0]!.body;
    expect(entry!.body).toEqual({ ...sent, offline: true });
    expect(await db.sales.get(sale.sale.id)).toMatchObject({ state: 'pending' });
  });

  it('offline, or for a customer still queued: straight into the outbox, nothing sent', async () => {
    const db = openDb();
    const { calls, client: c } = client(() => ({ success: true, data: {} }));
    expect(await finishSale(db, c, input(), { online: false })).toEqual({ kind: 'queued' });
    const NEW_CUSTOMER = crypto.randomUUID();
    await recordCustomer(db, { id: NEW_CUSTOMER, name: 'Novo' } as never, { id: NEW_CUSTOMER, name: 'Novo' });
    expect(await finishSale(db, c, input(NEW_CUSTOMER), { online: true })).toEqual({ kind: 'queued' });
    expect(calls).toHaveLength(0);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.kind)).toEqual(['sale', 'customer', 'sale']);
    expect(entries[2]!.dependsOn).toEqual([NEW_CUSTOMER]);
    const sales = entries.filter((e) => e.kind === 'sale');
    // Every sale names this device, the same id each time.
    const device = (await db.meta.get(META_DEVICE_ID))?.value;
    expect(sales.map((e) => (e.body as { device_id: string }).device_id)).toEqual([device, device]);
  });

  it('names the device as a person would read it', () => {
    expect(
      deviceLabelOf('Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    ).toBe('Android · Chrome');
    expect(deviceLabelOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1')).toBe(
      'iPad · Safari',
    );
    expect(deviceLabelOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Windows · Firefox',
    );
  });
});
