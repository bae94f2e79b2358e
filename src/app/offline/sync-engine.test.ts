// The sync engine over the real API client and fake-indexeddb, the network faked at fetch.
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../lib/api';
import { createFakeServer, type FakeServer } from '../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../test/fake-sync';
import { productJson } from '../test/fixtures';
import { BalcaoDb } from './db';
import { progressText } from './mirror';
import { recordSale } from '../counter/records';
import { createTransport } from './send';
import { createSyncEngine, META_MIRROR_COMPLETE, type SyncEngine } from './sync-engine';
import { createFetchPage } from './sync-io';
import { saleBody } from '../test/sale-body';

let server: FakeServer;
let sync: FakeSync;
let db: BalcaoDb;
let engine: SyncEngine | null = null;
let browserOnline = true;

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  db = new BalcaoDb(`sync-${crypto.randomUUID()}`);
  browserOnline = true;
  localStorage.setItem('accessToken', 'access-0');
  localStorage.setItem('refreshToken', 'refresh-0');
  localStorage.setItem('tokenExpiresAt', String(Date.now() + 15 * 60_000));
});

afterEach(async () => {
  engine?.stop();
  engine = null;
  db.close();
  await db.delete();
});

function startEngine(pageSize = 10) {
  engine = createSyncEngine({
    db,
    fetchPage: createFetchPage(api),
    ...createTransport(api),
    pageSize,
    isBrowserOnline: () => browserOnline,
    withLock: (fn) => fn(),
    withPullLock: (fn) => fn(),
    requestPersistence: async () => null,
    registerBackgroundSync: async () => undefined,
  });
  const progress: string[] = [];
  const loading: boolean[] = [];
  engine.subscribe(() => {
    const state = engine!.getState();
    if (state.progress) progress.push(progressText(state.progress));
    if (loading.at(-1) !== state.mirrorLoading) loading.push(state.mirrorLoading);
  });
  engine.start();
  return { engine, progress, loading };
}

function saleOf(productId: string, quantity = 1) {
  return {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Cliente 1',
    totalCentavos: 1990 * quantity,
    paymentMethod: 'cash',
    items: [{ product_id: productId, product_name: 'P', quantity, unit_price_centavos: 1990 }],
  };
}

describe('sync engine', () => {
  it('loads the whole catalogue in pages with progress on the first start, then only deltas', async () => {
    for (let i = 0; i < 22; i++) sync.putProduct(productJson());
    for (let i = 1; i <= 3; i++) sync.putCustomer(customerJson(i));
    const { progress, loading } = startEngine(10);
    await waitFor(async () => expect((await db.meta.get(META_MIRROR_COMPLETE))?.value).toBe(true));
    await waitFor(() => expect(loading).toEqual([true, false]));
    expect(progress).toEqual([
      'Sincronizando produtos 10 de 25',
      'Sincronizando produtos 20 de 25',
      'Sincronizando produtos 25 de 25',
    ]);
    expect(await db.products.count()).toBe(22);
    expect(await db.customers.count()).toBe(3);
    expect(sync.pullRequests.map((r) => r.url.searchParams.get('since'))).toEqual([null, '10', '20']);

    // Later pulls are deltas from the cursor, without the first-load progress.
    sync.putProduct(productJson({ name: 'Novo' }));
    await engine!.syncNow();
    expect(sync.pullRequests.at(-1)!.url.searchParams.get('since')).toBe('25');
    expect(await db.products.count()).toBe(23);
    expect(progress).toHaveLength(3);
  });

  it('delivers a recorded sale at once, records its conflicts, then pulls the delta', async () => {
    const product = productJson({ current_stock: 5 });
    sync.putProduct(product);
    startEngine();
    await waitFor(async () => expect(await db.products.count()).toBe(1));
    const pullsBefore = sync.pullRequests.length;

    sync.conflictsPerSale = 2;
    const sale = saleOf(product.id, 2);
    await recordSale(db, sale, saleBody(sale), { summary: 'Venda' });
    engine!.saleRecorded();

    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sync.salesRequests).toHaveLength(1);
    expect(sync.salesRequests[0]!.headers['Idempotency-Key']).toBe(sale.id);
    expect(await db.sales.get(sale.id)).toMatchObject({ state: 'synced', conflicts: 2 });
    // The ack took the sale out of the overlay and into the mirror's stock.
    expect((await db.products.get(product.id))?.current_stock).toBe(3);
    // ... and the server's new numbers are pulled right after.
    await waitFor(() => expect(sync.pullRequests.length).toBeGreaterThan(pullsBefore));
  });

  it("keeps sales while offline and drains them on the 'online' event", async () => {
    const product = productJson();
    sync.putProduct(product);
    startEngine();
    await waitFor(async () => expect(await db.products.count()).toBe(1));

    // The network drops: a send fails and the row backs off.
    sync.network = 'offline';
    const first = saleOf(product.id);
    await recordSale(db, first, saleBody(first), { summary: 'Venda 1' });
    await engine!.drain();
    const row = await db.outbox.where('id').equals(first.id).first();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(engine!.getState().online).toBe(false);

    // The browser knows it is offline: nothing is even tried.
    browserOnline = false;
    const second = saleOf(product.id);
    await recordSale(db, second, saleBody(second), { summary: 'Venda 2' });
    engine!.saleRecorded();
    await engine!.drain();
    expect(sync.salesRequests).toHaveLength(1);

    // Back online: the backoff of the outage is forgiven and both go, in order.
    browserOnline = true;
    sync.network = 'online';
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect([...sync.sales.keys()]).toEqual([first.id, second.id]);
    // Together, in one POST /api/sales/batch.
    expect(sync.batchRequests.map((r) => (r.body as { sales: { key: string }[] }).sales.map((s) => s.key))).toEqual([
      [first.id, second.id],
    ]);
    expect(engine!.getState().online).toBe(true);
  });

  it('a rejected sale is kept and does not block the next one', async () => {
    const product = productJson();
    sync.putProduct(product);
    startEngine();
    await waitFor(async () => expect(await db.products.count()).toBe(1));
    const bad = saleOf(product.id);
    const good = saleOf(product.id);
    sync.onSale = (request) =>
      request.headers['Idempotency-Key'] === bad.id
        ? { status: 400, body: { success: false, error: 'Cliente não encontrado', code: 'VALIDATION' } }
        : { status: 201, body: { success: true, data: { id: good.id, stock_conflicts: [] } } };
    await recordSale(db, bad, saleBody(bad), { summary: 'ruim' });
    await recordSale(db, good, saleBody(good), { summary: 'boa' });
    await engine!.drain();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: bad.id, status: 'rejected', rejection: expect.objectContaining({ status: 400 }) }),
    ]);
    expect((await db.sales.get(good.id))?.state).toBe('synced');
  });
});

describe('acknowledgement', () => {
  it("takes the server's exact stock after the sale when it is newer than the mirror's", async () => {
    const product = productJson({ current_stock: 10 });
    sync.putProduct(product); // version 1
    startEngine();
    await waitFor(async () => expect(await db.products.count()).toBe(1));
    const sale = saleOf(product.id, 2);
    sync.onSale = () => ({
      status: 201,
      body: {
        success: true,
        // Another till sold 3 meanwhile: the server has 10 - 3 - 2 = 5.
        data: {
          id: sale.id,
          stock_conflicts: [],
          stock_after: [{ product_id: product.id, current_stock: 5, version: 9 }],
        },
      },
    });
    await recordSale(db, sale, saleBody(sale), { summary: 'Venda' });
    await engine!.drain();
    expect(await db.products.get(product.id)).toMatchObject({ current_stock: 5, version: 9 });
    expect((await db.sales.get(sale.id))?.state).toBe('synced');
  });
});
