// Product prices in the mirror are centavos: a device that stored the API's reais
// (schema version 5) opens with every product converted, in the table and in chunks;
// a pulled page is written in centavos.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { productJson } from '../test/fixtures';
import { BalcaoDb, storesAt } from './db';
import { pullMirror, type PullPage } from './mirror';
import { getProducts } from './product-store';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** A product as the API sends it (reais), `n` its id's last digit. */
function reais(n: number, sale: number, cost?: number) {
  const { cost_price: _cost, ...row } = productJson({ id: `p-${n}`, name: `Produto ${n}`, sale_price: sale });
  return { ...row, ...(cost === undefined ? {} : { cost_price: cost }), version: n };
}

/** A database as version 5 of the app left it: prices in reais. */
async function version5(name: string) {
  const old = new Dexie(name);
  old.version(5).stores(storesAt(5));
  await old.open();
  await old.table('products').bulkPut([reais(1, 19.9, 10.5), reais(2, 1.005)]);
  await old.table('productChunks').add({ ids: ['p-3', 'p-4'], rows: [reais(3, 0.1, 0.07), reais(4, 1234.56)] });
  old.close();
}

describe('product prices in the mirror', () => {
  it('a version-5 database opens with every price in centavos (table and chunks)', async () => {
    const name = `prices-${crypto.randomUUID()}`;
    names.push(name);
    await version5(name);
    const db = new BalcaoDb(name);
    const [p1, p2, p3, p4] = await getProducts(db, ['p-1', 'p-2', 'p-3', 'p-4']);
    expect([p1?.sale_price, p1?.cost_price]).toEqual([1990, 1050]);
    expect(p2?.sale_price).toBe(101);
    expect(p2 && 'cost_price' in p2).toBe(false);
    expect([p3?.sale_price, p3?.cost_price]).toEqual([10, 7]);
    expect(p4?.sale_price).toBe(123456);
    expect(p1?.name).toBe('Produto 1');
    db.close();
  });

  it('a pulled page (reais) is written in centavos', async () => {
    const name = `prices-${crypto.randomUUID()}`;
    names.push(name);
    const db = new BalcaoDb(name);
    const page: PullPage = {
      products: [reais(1, 49.9, 20), reais(2, 100)],
      customers: [],
      tombstones: [],
      cursor: 'c1',
      hasMore: false,
      remaining: 0,
      reset: false,
    };
    await pullMirror(db, async () => page);
    const [p1, p2] = await getProducts(db, ['p-1', 'p-2']);
    expect([p1?.sale_price, p1?.cost_price, p2?.sale_price]).toEqual([4990, 2000, 10000]);
    db.close();
  });
});
