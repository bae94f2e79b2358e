// The in-memory directory of chunked products (chunk-directory.ts) stays right when
// another tab writes chunks and when a transaction that changed chunks is rolled back.
import { describe, expect, it } from 'vitest';
import { mirrorProduct as product } from '../test/mirror-rows';
import { freshDevices } from '../test/device-db';
import { addProductChunks, countProducts, getProducts, putNewerProducts } from './product-store';

const openDb = freshDevices('d');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => product(from + i));
const chunkedIds = async (db: ReturnType<typeof openDb>) =>
  (await db.productChunks.toArray()).flatMap((chunk) => chunk.rows.map((row) => row.id));

describe('chunk directory', () => {
  it("finds what another tab chunked or moved after this tab's directory was read", async () => {
    const tabA = openDb();
    const tabB = openDb(tabA.name);
    await addProductChunks(tabA, range(1, 150));
    expect((await getProducts(tabA, ['p-7']))[0]?.name).toBe('Produto 7');

    // Tab B pulls more pages into new chunks, and a delta there moves p-7 to the table.
    await tabB.transaction('rw', tabB.products, tabB.productChunks, async () => {
      await addProductChunks(tabB, range(151, 400));
      await putNewerProducts(tabB, [product(7, { name: 'Boné', version: 70 })]);
    });

    const [p7, p300] = await getProducts(tabA, ['p-7', 'p-300']);
    expect(p7?.name).toBe('Boné');
    expect(p300?.name).toBe('Produto 300');
    // A delta in tab A takes p-300 out of tab B's chunk: one copy, in the table.
    await tabA.transaction('rw', tabA.products, tabA.productChunks, async () => {
      await putNewerProducts(tabA, [product(300, { name: 'Meia', version: 900 })]);
    });
    expect((await getProducts(tabB, ['p-300']))[0]?.name).toBe('Meia');
    expect(await chunkedIds(tabA)).not.toContain('p-300');
    expect(await countProducts(tabA)).toBe(400);
  });

  it('a rolled-back transaction leaves no trace in the directory', async () => {
    const db = openDb();
    await addProductChunks(db, range(1, 100));
    // A page that would move p-5 into a new chunk fails before it commits.
    await expect(
      db.transaction('rw', db.products, db.productChunks, async () => {
        await addProductChunks(db, [product(5, { name: 'Boné', version: 50 }), ...range(101, 120)]);
        throw new Error('falhou no meio');
      }),
    ).rejects.toThrow('falhou no meio');
    // The next page gets the chunk key the rolled-back one had.
    await db.transaction('rw', db.products, db.productChunks, async () => {
      await addProductChunks(db, range(201, 220));
    });

    const [p5, p101, p210] = await getProducts(db, ['p-5', 'p-101', 'p-210']);
    expect(p5?.name).toBe('Produto 5');
    expect(p101).toBeUndefined();
    expect(p210?.name).toBe('Produto 210');
    await db.transaction('rw', db.products, db.productChunks, async () => {
      await putNewerProducts(db, [product(5, { name: 'Chapéu', version: 60 })]);
    });
    expect(await chunkedIds(db)).not.toContain('p-5');
    expect((await getProducts(db, ['p-5']))[0]?.name).toBe('Chapéu');
    expect(await countProducts(db)).toBe(120);
  });
});
