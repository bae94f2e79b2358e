// A return delivered at once (finishReturn online): the mirror takes the units it put back,
// whether the product is in the products table or still in a chunk of the first load.
import { describe, expect, it } from 'vitest';
import { mirrorProduct as product } from '../test/mirror-rows';
import { freshDevices } from '../test/device-db';
import { addProductChunks, getProducts } from '../offline/product-store';
import { finishReturn } from './returns';

const openDb = freshDevices('r');

describe('finishReturn online', () => {
  it('puts the returned units back in the mirror, in the table and in chunks', async () => {
    const db = openDb();
    await db.products.put(product(1));
    await addProductChunks(db, [product(2), product(3)]);
    const keys: (string | undefined)[] = [];
    const outcome = await finishReturn(
      db,
      {
        send: async (_method, _path, options = {}) => {
          keys.push(options.headers?.['Idempotency-Key']);
          return { success: true, data: {} };
        },
      },
      {
        id: 'ret-1',
        saleId: 'sale-1',
        customerId: 'c-1',
        body: { lines: [{ position: 0, quantity: 2 }], reason: 'Não serviu', refund_method: 'dinheiro' },
        storeCredit: 0,
        restock: [
          { productId: 'p-1', quantity: 2 },
          { productId: 'p-3', quantity: 1 },
        ],
        summary: 'Devolução',
      },
      { online: true },
    );
    expect(outcome.kind).toBe('delivered');
    expect(keys).toEqual(['ret-1']);
    expect(await db.outbox.count()).toBe(0);
    expect((await getProducts(db, ['p-1', 'p-2', 'p-3'])).map((p) => p?.current_stock)).toEqual([7, 5, 6]);
  });
});
