import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDevices } from '../test/device-db';
import { storesAt, type BalcaoDb } from './db';
import { mirrorCursor, progressText, pullMirror, type FetchPage, type PullPage } from './mirror';
import { CHUNK_ROWS, countProducts, getProducts } from './product-store';
import { applyAcknowledgedSale } from './stock';

const device = freshDevices('m');

function product(n: number, version: number, stock = 5) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sku: `SKU-${n}`,
    name: `Produto ${n}`,
    size: '',
    color: '',
    current_stock: stock,
    minimum_stock: 0,
    cost_price: 1,
    sale_price: 2,
    active: true,
    version,
  };
}

/** `fetch`, but its second call fails as a dropped connection does. */
function secondCallFails(fetch: FetchPage): FetchPage {
  let calls = 0;
  return async (since, limit) => {
    if (++calls === 2) throw new TypeError('Failed to fetch');
    return fetch(since, limit);
  };
}

/** A server change log: every change has a version; pages are ordered by it. Products 1 to `first` are in it. */
function changeLog(first = 0) {
  const rows = new Map<string, { version: number; row: ReturnType<typeof product> | null }>();
  let version = 0;
  const fetches: (string | null)[] = [];
  const put = (n: number, stock = 5) => {
    const p = product(n, ++version, stock);
    rows.set(p.id, { version, row: p });
  };
  for (let n = 1; n <= first; n++) put(n);
  return {
    fetches,
    put,
    remove(n: number) {
      rows.set(product(n, 0).id, { version: ++version, row: null });
    },
    /** Cursors are the server's opaque text; this fake hands back its last version as text. */
    fetch: (async (since, limit) => {
      fetches.push(since);
      const from = Number(since ?? 0);
      const after = [...rows.entries()].filter(([, c]) => c.version > from).sort((a, b) => a[1].version - b[1].version);
      const page = after.slice(0, limit);
      const cursor = String(page.length ? page[page.length - 1]![1].version : from);
      const result: PullPage = {
        products: page.filter(([, c]) => c.row).map(([, c]) => c.row!),
        customers: [],
        tombstones: page.filter(([, c]) => !c.row).map(([id, c]) => ({ entity: 'product', id, version: c.version })),
        cursor,
        hasMore: after.length > limit,
        remaining: after.length - page.length,
        reset: false,
      };
      return result;
    }) satisfies FetchPage,
  };
}

describe('mirror', () => {
  it('loads the whole catalogue in pages with progress, then only deltas', async () => {
    const db = device();
    const log = changeLog(25);
    const progress: string[] = [];
    expect(await pullMirror(db, log.fetch, { pageSize: 10, onProgress: (p) => progress.push(progressText(p)) })).toBe(
      25,
    );
    expect(await db.products.count()).toBe(25);
    expect(progress).toEqual([
      'Sincronizando produtos 10 de 25',
      'Sincronizando produtos 20 de 25',
      'Sincronizando produtos 25 de 25',
    ]);
    expect(await mirrorCursor(db)).toBe('25');

    log.put(3, 1); // stock changed on the server
    log.remove(7); // deleted: a tombstone
    log.fetches.length = 0;
    expect(await pullMirror(db, log.fetch, { pageSize: 10 })).toBe(2);
    expect(log.fetches).toEqual(['25']); // a delta, not a reload
    expect((await db.products.get(product(3, 0).id))?.current_stock).toBe(1);
    expect(await db.products.get(product(7, 0).id)).toBeUndefined();
    expect(await db.products.count()).toBe(24);
  });

  it('an interrupted first load resumes from the last applied page', async () => {
    const db = device();
    const log = changeLog(30);
    const flaky = secondCallFails(log.fetch);
    await expect(pullMirror(db, flaky, { pageSize: 10 })).rejects.toThrow('Failed to fetch');
    expect(await db.products.count()).toBe(10);
    log.fetches.length = 0;
    await pullMirror(db, log.fetch, { pageSize: 10 });
    expect(log.fetches[0]).toBe('10');
    expect(await db.products.count()).toBe(30);
  });

  it('never lets an older row overwrite a newer one', async () => {
    const db = device();
    await db.products.put(product(1, 9, 2));
    const stale: FetchPage = async () => ({
      products: [product(1, 4, 50)],
      customers: [],
      tombstones: [],
      cursor: '4',
      hasMore: false,
      remaining: 0,
      reset: false,
    });
    await pullMirror(db, stale);
    expect((await db.products.get(product(1, 0).id))?.current_stock).toBe(2);
  });
});

describe('mirror after the server went back to an earlier database', () => {
  it('a page marked reset empties the mirror first (the outbox and local sales stay)', async () => {
    const db = device();
    const log = changeLog(5);
    await pullMirror(db, log.fetch);
    await db.outbox.add({ id: 'o1', kind: 'sale', payload: {}, attempts: 0 } as never);
    // Restored from a backup that knew products 1 and 2 only (3 to 5 came after it).
    const restored: FetchPage = async (since) => ({
      products: [product(1, 1, 9), product(2, 2)],
      customers: [],
      tombstones: [],
      cursor: '7-7-.0.',
      hasMore: false,
      remaining: 0,
      reset: since !== null,
    });
    await pullMirror(db, restored);
    expect((await db.products.toArray()).map((p) => p.sku).sort()).toEqual(['SKU-1', 'SKU-2']);
    expect((await db.products.get(product(1, 0).id))?.current_stock).toBe(9);
    expect(await db.outbox.count()).toBe(1);
    expect(await mirrorCursor(db)).toBe('7-7-.0.');
  });

  it('a cursor stored as a number by an older app is sent as text', async () => {
    const db = device();
    await db.meta.put({ key: 'mirror.cursor', value: 41 });
    const log = changeLog();
    await pullMirror(db, log.fetch);
    expect(log.fetches).toEqual(['41']);
  });
});

describe('mirror in chunks (large pages)', () => {
  const PAGE = 5 * CHUNK_ROWS;
  const stockOf = async (db: BalcaoDb, n: number) => (await getProducts(db, [product(n, 0).id]))[0]?.current_stock;

  it('a first load writes chunk records; deltas and tombstones move or drop single products', async () => {
    const db = device();
    const log = changeLog(1200);
    const progress: string[] = [];
    await pullMirror(db, log.fetch, { pageSize: PAGE, onProgress: (p) => progress.push(progressText(p)) });
    expect(progress).toEqual(['500', '1.000', '1.200'].map((done) => `Sincronizando produtos ${done} de 1.200`));
    expect(await db.products.count()).toBe(0);
    expect(await db.productChunks.count()).toBe(12);
    expect(await countProducts(db)).toBe(1200);
    expect(await stockOf(db, 17)).toBe(5);

    log.put(17, 1);
    log.remove(18);
    log.put(1201);
    await pullMirror(db, log.fetch, { pageSize: PAGE });
    expect(await stockOf(db, 17)).toBe(1);
    expect(await db.products.get(product(17, 0).id)).toMatchObject({ current_stock: 1 });
    expect(await getProducts(db, [product(18, 0).id])).toEqual([undefined]);
    expect(await countProducts(db)).toBe(1200);
    const chunked = (await db.productChunks.toArray()).flatMap((c) => c.rows.map((r) => r.id));
    expect(chunked).toHaveLength(1198);
    expect(chunked).not.toContain(product(17, 0).id);
  });

  it('an interrupted first load resumes in chunks, and a row changed meanwhile is kept once, newest', async () => {
    const db = device();
    const log = changeLog(1500);
    const flaky = secondCallFails(log.fetch);
    await expect(pullMirror(db, flaky, { pageSize: PAGE })).rejects.toThrow('Failed to fetch');
    expect(await countProducts(db)).toBe(500);
    for (let i = 1; i <= 500; i++) log.put(i, 7); // the first page's rows change on the server
    log.fetches.length = 0;
    await pullMirror(db, log.fetch, { pageSize: PAGE });
    expect(log.fetches[0]).toBe('500');
    expect(await db.products.count()).toBe(0);
    expect(await countProducts(db)).toBe(1500);
    const ids = (await db.productChunks.toArray()).flatMap((c) => c.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(1500);
    expect(await stockOf(db, 3)).toBe(7);
    expect(await stockOf(db, 501)).toBe(5);
  });

  it('a large page never undoes a newer row written by an acknowledged sale', async () => {
    const db = device();
    await db.products.put(product(1, 9_999, 2));
    const log = changeLog();
    for (let i = 1; i <= 600; i++) log.put(i, 50);
    await pullMirror(db, log.fetch, { pageSize: PAGE });
    expect(await stockOf(db, 1)).toBe(2);
    expect(await stockOf(db, 2)).toBe(50);
    expect(await countProducts(db)).toBe(600);
  });

  it("a sale's acknowledgement updates products that are still in chunks (and moves them out)", async () => {
    const db = device();
    const log = changeLog();
    for (let i = 1; i <= 500; i++) log.put(i, 10);
    await pullMirror(db, log.fetch, { pageSize: PAGE });
    expect(await db.products.count()).toBe(0);
    await db.sales.add({
      id: 'sale-1',
      createdAt: 1,
      state: 'pending',
      customerName: 'Ana',
      totalCentavos: 400,
      items: [{ product_id: product(4, 0).id, product_name: 'Produto 4', quantity: 3, unit_price_centavos: 200 }],
      paymentMethod: 'cash',
      conflicts: 0,
    });
    await db.transaction('rw', db.sales, db.products, db.productChunks, async () => {
      await applyAcknowledgedSale(db, 'sale-1', 0, [
        // The server's exact number for another product, newer than the mirror's.
        { product_id: product(9, 0).id, current_stock: 4, version: 10_000 },
      ]);
    });
    expect(await stockOf(db, 4)).toBe(7);
    expect(await stockOf(db, 9)).toBe(4);
    expect(await db.products.get(product(4, 0).id)).toMatchObject({ current_stock: 7 });
    expect(await countProducts(db)).toBe(500);
    expect((await db.sales.get('sale-1'))?.state).toBe('synced');
  });
});

describe('schema upgrade', () => {
  it('a device on schema v1 keeps its mirror and outbox when it opens the current schema', async () => {
    const { default: Dexie } = await import('dexie');
    const name = `up-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(storesAt(1));
    await v1.table('products').put(product(1, 3));
    await v1.table('outbox').add({ id: 'x', status: 'pending', kind: 'sale', createdAt: 1 });
    v1.close();

    const db = device(name);
    expect((await db.products.get(product(1, 0).id))?.version).toBe(3);
    expect((await getProducts(db, [product(1, 0).id]))[0]?.version).toBe(3);
    expect(await countProducts(db)).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.financeOverlay.count()).toBe(0);
    expect(await db.tillKeys.count()).toBe(0);
    expect(db.verno).toBe(8);
  });
});
