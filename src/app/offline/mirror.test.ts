import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BalcaoDb } from './db';
import { mirrorCursor, progressText, pullMirror, type FetchPage, type PullPage } from './mirror';

const dbs: BalcaoDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

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

/** A server change log: every change has a version; pages are ordered by it. */
function changeLog() {
  const rows = new Map<string, { version: number; row: ReturnType<typeof product> | null }>();
  let version = 0;
  const fetches: number[] = [];
  return {
    fetches,
    put(n: number, stock = 5) {
      const p = product(n, ++version, stock);
      rows.set(p.id, { version, row: p });
    },
    remove(n: number) {
      rows.set(product(n, 0).id, { version: ++version, row: null });
    },
    fetch: (async (since, limit) => {
      fetches.push(since);
      const after = [...rows.entries()]
        .filter(([, c]) => c.version > since)
        .sort((a, b) => a[1].version - b[1].version);
      const page = after.slice(0, limit);
      const cursor = page.length ? page[page.length - 1]![1].version : since;
      const result: PullPage = {
        products: page.filter(([, c]) => c.row).map(([, c]) => c.row!),
        customers: [],
        tombstones: page.filter(([, c]) => !c.row).map(([id, c]) => ({ entity: 'product', id, version: c.version })),
        cursor,
        hasMore: after.length > limit,
        remaining: after.length - page.length,
      };
      return result;
    }) satisfies FetchPage,
  };
}

describe('mirror', () => {
  it('loads the whole catalogue in pages with progress, then only deltas', async () => {
    const db = new BalcaoDb(`m-${crypto.randomUUID()}`);
    dbs.push(db);
    const log = changeLog();
    for (let i = 1; i <= 25; i++) log.put(i);
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
    expect(await mirrorCursor(db)).toBe(25);

    log.put(3, 1); // stock changed on the server
    log.remove(7); // deleted: a tombstone
    log.fetches.length = 0;
    expect(await pullMirror(db, log.fetch, { pageSize: 10 })).toBe(2);
    expect(log.fetches).toEqual([25]); // a delta, not a reload
    expect((await db.products.get(product(3, 0).id))?.current_stock).toBe(1);
    expect(await db.products.get(product(7, 0).id)).toBeUndefined();
    expect(await db.products.count()).toBe(24);
  });

  it('an interrupted first load resumes from the last applied page', async () => {
    const db = new BalcaoDb(`m-${crypto.randomUUID()}`);
    dbs.push(db);
    const log = changeLog();
    for (let i = 1; i <= 30; i++) log.put(i);
    let calls = 0;
    const flaky: FetchPage = async (since, limit) => {
      if (++calls === 2) throw new TypeError('Failed to fetch');
      return log.fetch(since, limit);
    };
    await expect(pullMirror(db, flaky, { pageSize: 10 })).rejects.toThrow('Failed to fetch');
    expect(await db.products.count()).toBe(10);
    log.fetches.length = 0;
    await pullMirror(db, log.fetch, { pageSize: 10 });
    expect(log.fetches[0]).toBe(10);
    expect(await db.products.count()).toBe(30);
  });

  it('never lets an older row overwrite a newer one', async () => {
    const db = new BalcaoDb(`m-${crypto.randomUUID()}`);
    dbs.push(db);
    await db.products.put(product(1, 9, 2));
    const stale: FetchPage = async () => ({
      products: [product(1, 4, 50)],
      customers: [],
      tombstones: [],
      cursor: 4,
      hasMore: false,
      remaining: 0,
    });
    await pullMirror(db, stale);
    expect((await db.products.get(product(1, 0).id))?.current_stock).toBe(2);
  });
});

describe('schema upgrade', () => {
  it('a device on schema v1 keeps its mirror and outbox when it opens v2', async () => {
    const { default: Dexie } = await import('dexie');
    const name = `up-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      products: 'id, sku, version',
      customers: 'id, document, version',
      outbox: '++seq, &id, status, kind, createdAt',
      sales: 'id, createdAt, state',
      meta: 'key',
      queryCache: 'key',
    });
    await v1.table('products').put(product(1, 3));
    await v1.table('outbox').add({ id: 'x', status: 'pending', kind: 'sale', createdAt: 1 });
    v1.close();

    const db = new BalcaoDb(name);
    dbs.push(db);
    expect((await db.products.get(product(1, 0).id))?.version).toBe(3);
    expect(await db.outbox.count()).toBe(1);
    expect(db.verno).toBe(2);
  });
});
