// The store's own sale numbers ('0107': a sale that came without a number, or with one the
// store already has) come from the store's sequence: distinct under concurrent sales of one
// store, distinct within a run, never given twice even when a sale rolls back, and taken
// without waiting for another sale's transaction to commit.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sales, tenants } from '../../db/schema';
import { type Json, NO_STORE, useTestStore } from '../../test/helpers';
import { makeCustomer, makeProduct, saleBody, type ProductFixture } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { takeSaleNumbers } from './sale-numbers';

const STORE_NUMBER = /^[0-9]{4,}$/;

describe.each(databases())('store sale numbers (%s)', (kind) => {
  let { ctx, http, tenantId, cashier } = NO_STORE;
  let customer: { id: string };
  let p: ProductFixture;

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, cashier } = store);
    customer = await makeCustomer(ctx.db, tenantId, 'Rita Lobo');
    p = await makeProduct(ctx.db, tenantId, { stock: 1000, price: 1000 });
  });

  const line = () => [{ product: p, quantity: 1 }];
  const sell = async (extra: Record<string, unknown> = {}) => {
    const res = await http.post('/api/sales', saleBody(customer.id, line(), extra), { token: cashier });
    expect(res.status).toBe(201);
    return res.body.data.number as string;
  };
  const storeNumbers = async () =>
    (await ctx.db.select({ number: sales.number }).from(sales).where(eq(sales.tenantId, tenantId))).map(
      (s) => s.number,
    );

  it('a run of sales without a number, and one with a number the store has, get distinct fresh numbers', async () => {
    const taken = await sell({ number: 'Z-0001' });
    expect(taken).toBe('Z-0001');
    const run = Array.from({ length: 6 }, (_, i) => {
      const id = randomUUID();
      const extra = i === 3 ? { number: 'Z-0001' } : {};
      return { key: id, body: saleBody(customer.id, line(), { id, offline: true, ...extra }) };
    });
    const res = await http.post('/api/sales/batch', { sales: run }, { token: cashier });
    expect(res.status).toBe(200);
    const numbers = (res.body.data.results as Json[]).map((r) => {
      expect(r.status).toBe(201);
      return r.body.data.number as string;
    });
    expect(numbers.every((n) => STORE_NUMBER.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(run.length);
    // In the order of the run.
    expect(numbers.map(Number)).toEqual([...numbers.map(Number)].sort((a, b) => a - b));
    const all = await storeNumbers();
    expect(new Set(all).size).toBe(all.length);
  });

  it('a number taken by a sale that rolled back is not given again', async () => {
    const before = Number(await sell());
    let lost = '';
    await expect(
      ctx.db.transaction(async (tx) => {
        lost = (await takeSaleNumbers(tx, tenantId, 1))[0]!;
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    expect(Number(lost)).toBe(before + 1);
    // The next sale skips it: a gap, never a number given twice.
    expect(Number(await sell())).toBe(before + 2);
  });

  it('every store has its own sequence, made with the store and gone with it', async () => {
    const seqOf = async (id: string) => {
      const res = (await ctx.db.execute(sql`SELECT to_regclass(sale_numbers_seq(${id}::uuid)) AS seq`)) as unknown as {
        rows: { seq: string | null }[];
      };
      return res.rows[0]!.seq;
    };
    const [store] = await ctx.db
      .insert(tenants)
      .values({ subdomain: `seq-${randomUUID().slice(0, 8)}`, name: 'Loja Nova' })
      .returning();
    expect(await seqOf(store!.id)).not.toBeNull();
    const [first] = await takeSaleNumbers(ctx.db, store!.id, 1);
    expect(first).toBe('0001');
    await ctx.db.delete(tenants).where(eq(tenants.id, store!.id));
    expect(await seqOf(store!.id)).toBeNull();
  });

  it.runIf(kind === 'postgres')(
    "taking a number does not wait for another sale's transaction to commit",
    async () => {
      const waited = await ctx.db.transaction(async (tx) => {
        await takeSaleNumbers(tx, tenantId, 1);
        // Another connection takes the store's next while this transaction is still open.
        const other = takeSaleNumbers(ctx.db, tenantId, 1).then(() => false);
        const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 3000));
        return Promise.race([other, timeout]);
      });
      expect(waited).toBe(false);
    },
    20_000,
  );

  it.runIf(kind === 'postgres')(
    "one store's sales without a number, all at once, get distinct numbers",
    async () => {
      const numbers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => sell(i % 8 === 0 ? { number: 'Z-0001' } : {})),
      );
      expect(numbers.every((n) => STORE_NUMBER.test(n))).toBe(true);
      expect(new Set(numbers).size).toBe(numbers.length);
      const all = await storeNumbers();
      expect(new Set(all).size).toBe(all.length);
    },
    60_000,
  );
});
