import { describe, expect, it, vi } from 'vitest';
import { MirrorCache } from './mirror-cache';
import { CHUNK_ROWS, addProductChunks, deleteProducts, getProducts, putNewerProducts } from './product-store';
import { searchProductIds, updateProductIndex } from './search-index';
import { mirrorProduct } from '../test/mirror-rows';
import { freshDevices } from '../test/device-db';

const openDb = freshDevices('c');

const product = mirrorProduct;

describe('mirror cache', () => {
  it('reads the table once, then only the rows written, keeping the index when no key changed', async () => {
    const db = openDb();
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

  it('holds products kept in chunks, and follows them as they move to the table or go away', async () => {
    const db = openDb();
    await db.products.put(product(1));
    await addProductChunks(db, [product(2), product(3, { name: 'Boné' }), product(4)]);
    const cache = new MirrorCache(db, 'products', updateProductIndex);
    cache.subscribe(() => undefined);
    await vi.waitFor(() => expect(cache.getSnapshot().ready).toBe(true));
    expect([...cache.getSnapshot().rows.keys()].sort()).toEqual(['p-1', 'p-2', 'p-3', 'p-4']);
    const toArray = vi.spyOn(db.productChunks, 'toArray');

    // A sale's acknowledgement writes p-3's new stock: it moves from its chunk to the table.
    const [p3] = await getProducts(db, ['p-3']);
    await db.transaction('rw', db.products, db.productChunks, () =>
      putNewerProducts(db, [{ ...p3!, current_stock: 2 }]),
    );
    await vi.waitFor(() => expect(cache.getSnapshot().rows.get('p-3')?.current_stock).toBe(2));
    expect(cache.getSnapshot().rows.size).toBe(4);
    expect(searchProductIds(cache.getSnapshot().index!, 'bone')).toEqual(['p-3']);

    // A delta renames a chunked product; a tombstone removes another; a new chunk arrives.
    await db.transaction('rw', db.products, db.productChunks, async () => {
      await putNewerProducts(db, [product(2, { name: 'Chapéu', version: 50 })]);
      await deleteProducts(db, ['p-4']);
    });
    await addProductChunks(db, [product(5, { name: 'Meia' })]);
    await vi.waitFor(() => expect(cache.getSnapshot().rows.has('p-5')).toBe(true));
    const { rows, index } = cache.getSnapshot();
    expect([...rows.keys()].sort()).toEqual(['p-1', 'p-2', 'p-3', 'p-5']);
    expect(rows.get('p-2')?.name).toBe('Chapéu');
    expect(searchProductIds(index!, 'chapeu')).toEqual(['p-2']);
    expect(searchProductIds(index!, 'meia')).toEqual(['p-5']);
    expect(toArray).not.toHaveBeenCalled();
    expect(await db.productChunks.count()).toBe(1); // the first chunk, emptied, is gone
  });

  it('follows a first load written in many chunks at once (noted by Dexie as the whole table)', async () => {
    const db = openDb();
    const cache = new MirrorCache(db, 'products', updateProductIndex);
    cache.subscribe(() => undefined);
    await vi.waitFor(() => expect(cache.getSnapshot().ready).toBe(true));
    const rows = Array.from({ length: 60 * CHUNK_ROWS }, (_, i) => product(i + 1));
    await db.transaction('rw', db.products, db.productChunks, () => addProductChunks(db, rows));
    await vi.waitFor(() => expect(cache.getSnapshot().rows.size).toBe(rows.length));
    expect(searchProductIds(cache.getSnapshot().index!, 's-4321')).toEqual(['p-4321']);
    const [moved] = await getProducts(db, ['p-4321']);
    await db.transaction('rw', db.products, db.productChunks, () => putNewerProducts(db, [moved!]));
    await deleteProducts(db, ['p-17']);
    await vi.waitFor(() => expect(cache.getSnapshot().rows.has('p-17')).toBe(false));
    expect(cache.getSnapshot().rows.size).toBe(rows.length - 1);
    expect(cache.getSnapshot().rows.get('p-4321')?.name).toBe('Produto 4321');
  });
});
