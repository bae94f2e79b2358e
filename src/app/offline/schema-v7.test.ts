// Schema v7 drops the index of the chunks' product ids. A device on v6 with a mirror and
// a queue of changes not yet delivered opens today's schema with every table as it was,
// finds and updates its chunked products, and keeps selling offline.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mirrorProduct } from '../test/mirror-rows';
import { BalcaoDb, storesAt } from './db';
import { finishSale } from '../counter/finish-sale';
import { MirrorCache } from './mirror-cache';
import { pullMirror, type PullPage } from './mirror';
import { countProducts, getProducts } from './product-store';
import { searchProductIds, updateProductIndex } from './search-index';
import { applyAcknowledgedSale, pendingQuantities } from './stock';
import { saleBody } from '../test/sale-body';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const product = mirrorProduct;
const CHUNKED = Array.from({ length: 250 }, (_, i) => product(i + 2));

const outbox = [1, 2].map((n) => ({
  seq: n,
  id: `o-${n}`,
  kind: 'sale',
  method: 'POST',
  path: '/sales',
  body: { id: `s-${n}` },
  status: 'pending',
  dependsOn: [],
  attempts: n,
  nextAttemptAt: 0,
  leaseUntil: 0,
  createdAt: n,
  lastError: null,
  rejection: null,
  summary: `Venda #${n}`,
}));
const sale = {
  id: 's-1',
  createdAt: 1,
  state: 'pending',
  customerName: 'Ana',
  totalCentavos: 400,
  items: [{ product_id: 'p-3', product_name: 'Produto 3', quantity: 2, unit_price_centavos: 200 }],
  paymentMethod: 'cash',
  conflicts: 0,
};
const customer = { id: 'c-1', name: 'Ana', document: '52998224725', version: 4 };
const meta = [
  { key: 'mirror.complete', value: true },
  { key: 'mirror.cursor', value: 'c-old' },
];
const queryCache = { key: '["products"]', value: { rows: [] }, updatedAt: 5, owner: 'u-1' };
const overlay = {
  key: 'payable:x',
  kind: 'payable',
  id: 'x',
  resource: 'payable:x',
  server: null,
  local: { amount: 100 },
  updatedAt: 1,
  syncedAt: null,
};

/** A device as schema v6 left it: products in the table and in chunks (with their `ids`), a queue. */
async function version6(name: string) {
  names.push(name);
  const old = new Dexie(name);
  old.version(6).stores(storesAt(6));
  await old.open();
  await old.table('products').put(product(1));
  for (const rows of [CHUNKED.slice(0, 100), CHUNKED.slice(100, 200), CHUNKED.slice(200)])
    await old.table('productChunks').add({ ids: rows.map((r) => r.id), rows });
  await old.table('outbox').bulkAdd(outbox);
  await old.table('sales').put(sale);
  await old.table('customers').put(customer);
  await old.table('meta').bulkPut(meta);
  await old.table('queryCache').put(queryCache);
  await old.table('financeOverlay').put(overlay);
  old.close();
}

function page(products: PullPage['products'], tombstones: PullPage['tombstones'] = []): PullPage {
  return { products, customers: [], tombstones, cursor: 'c-new', hasMore: false, remaining: 0, reset: false };
}

describe('schema v7', () => {
  it('a v6 device with a mirror and a queue keeps every table and finds, updates and sells its chunked products', async () => {
    const name = `v7-${crypto.randomUUID()}`;
    await version6(name);
    const db = new BalcaoDb(name);
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.tillKeys.count()).toBe(0);
    expect(db.productChunks.schema.indexes).toEqual([]);

    expect(await db.outbox.toArray()).toEqual(outbox);
    expect(await db.sales.toArray()).toEqual([sale]);
    expect(await db.customers.toArray()).toEqual([customer]);
    expect(await db.meta.toArray()).toEqual(meta);
    expect(await db.queryCache.toArray()).toEqual([queryCache]);
    expect(await db.financeOverlay.toArray()).toEqual([overlay]);

    // Every product is found where v6 left it; the till's search reads them all.
    expect(await countProducts(db)).toBe(251);
    expect((await getProducts(db, ['p-1', 'p-3', 'p-150', 'p-251'])).map((p) => p?.name)).toEqual([
      'Produto 1',
      'Produto 3',
      'Produto 150',
      'Produto 251',
    ]);
    const till = new MirrorCache(db, 'products', updateProductIndex);
    till.subscribe(() => undefined);
    await vi.waitFor(() => expect(till.getSnapshot().rows.size).toBe(251));
    expect(searchProductIds(till.getSnapshot().index!, 's-150')).toEqual(['p-150']);

    // Still offline: a sale of a chunked product is queued, and the stock shown counts it.
    const offline = await finishSale(
      db,
      { send: () => Promise.reject(new Error('offline')) },
      {
        sale: { ...sale, id: 's-3', items: [{ ...sale.items[0]!, product_id: 'p-150', quantity: 1 }] },
        // The body's ids must be the contract's (uuids); only the local record's lines count here.
        body: saleBody({ ...sale, id: crypto.randomUUID(), items: [] }),
        summary: 'Venda #3',
      },
      { online: false },
    );
    expect(offline).toEqual({ kind: 'queued' });
    expect(await db.outbox.count()).toBe(3);
    expect(Object.fromEntries(await pendingQuantities(db))).toEqual({ 'p-3': 2, 'p-150': 1 });

    // Back online: a delta changes a chunked product and deletes another; the queued sale
    // of p-3 is acknowledged with the server's stock.
    const delta = page(
      [{ ...product(150, { name: 'Boné', version: 900 }), sale_price: 9.9, cost_price: 5 }],
      [{ entity: 'product', id: 'p-200', version: 901 }],
    );
    await pullMirror(db, async () => delta);
    await db.transaction('rw', db.sales, db.products, db.productChunks, async () => {
      await applyAcknowledgedSale(db, 's-1', 0, [{ product_id: 'p-3', current_stock: 3, version: 902 }]);
    });
    const [p3, p150, p200] = await getProducts(db, ['p-3', 'p-150', 'p-200']);
    expect(p3).toMatchObject({ current_stock: 3, version: 902 });
    expect(p150).toMatchObject({ name: 'Boné', sale_price: 990, version: 900 });
    expect(p200).toBeUndefined();
    expect(await countProducts(db)).toBe(250);
    const chunkedIds = (await db.productChunks.toArray()).flatMap((c) => c.rows.map((r) => r.id));
    expect(chunkedIds).not.toContain('p-3');
    expect(chunkedIds).not.toContain('p-150');
    expect(chunkedIds).not.toContain('p-200');
    await vi.waitFor(() => expect(till.getSnapshot().rows.get('p-150')?.name).toBe('Boné'));
    expect(till.getSnapshot().rows.has('p-200')).toBe(false);
    expect(await db.outbox.count()).toBe(3);
    db.close();
  });
});
