import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BalcaoDb, type MirrorProduct } from './db';
import { MirrorCache } from './mirror-cache';
import { searchProductIds, updateProductIndex } from './search-index';

const dbs: BalcaoDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

function product(n: number, overrides: Partial<MirrorProduct> = {}): MirrorProduct {
  return {
    id: `p-${n}`,
    sku: `S-${n}`,
    name: `Produto ${n}`,
    size: '',
    color: '',
    current_stock: 5,
    minimum_stock: 0,
    cost_price: 1,
    sale_price: 2,
    active: true,
    version: n,
    ...overrides,
  };
}

describe('mirror cache', () => {
  it('reads the table once, then only the rows written, keeping the index when no key changed', async () => {
    const db = new BalcaoDb(`c-${crypto.randomUUID()}`);
    dbs.push(db);
    await db.products.bulkPut([product(1), product(2)]);
    const cache = new MirrorCache(db, 'products', updateProductIndex);
    const changes = vi.fn();
    cache.subscribe(changes);
    await vi.waitFor(() => expect(cache.getSnapshot().ready).toBe(true));
    const first = cache.getSnapshot();
    expect(first.rows.size).toBe(2);

    const toArray = vi.spyOn(db.products, 'toArray');
    await db.products.update('p-1', { current_stock: 1 });
    await vi.waitFor(() => expect(cache.getSnapshot().rows.get('p-1')?.current_stock).toBe(1));
    expect(cache.getSnapshot().index).toBe(first.index);
    expect(first.rows.get('p-1')?.current_stock).toBe(5); // an old snapshot never changes

    await db.transaction('rw', db.products, async () => {
      await db.products.put(product(3, { name: 'Boné' }));
      await db.products.delete('p-2');
    });
    await vi.waitFor(() => expect(cache.getSnapshot().rows.has('p-3')).toBe(true));
    const { rows, index } = cache.getSnapshot();
    expect(rows.has('p-2')).toBe(false);
    expect(searchProductIds(index!, 'bone')).toEqual(['p-3']);
    expect(toArray).not.toHaveBeenCalled();

    await db.products.clear();
    await vi.waitFor(() => expect(cache.getSnapshot().rows.size).toBe(0));
    expect(changes).toHaveBeenCalled();
  });
});
