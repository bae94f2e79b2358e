// An NF-e entry completes the products' fiscal data from the supplier's lines: a product it
// creates starts with the line's NCM, CEST and origem (goods the supplier imported itself
// are, to this store, foreign goods bought here: 1 becomes 2); a product it goes into takes
// them where it has none; what the store typed is never replaced. The tills see the change.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { makeProduct } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { entriesSuite, LINES, note } from './stock-entries-fixtures';

describe.each(databases())('NF-e entry: fiscal data (%s)', (kind) => {
  const { s, post } = entriesSuite(kind);
  const row = async (id: string) => (await s.ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

  it('creates with the line’s NCM, CEST and resale origem, completes a linked product, keeps what the store typed', async () => {
    const bare = await makeProduct(s.ctx.db, s.tenantId, { stock: 0, cost: 6_00, price: 9_90, name: 'Cola 2L' });
    const typed = await makeProduct(s.ctx.db, s.tenantId, { stock: 0, cost: 1_00, price: 2_50, name: 'Água' });
    await s.ctx.db.update(products).set({ ncm: '22011000', origin: 0 }).where(eq(products.id, typed.id));
    const { xml, key } = note({
      lines: [
        { ...LINES[0]!, ncm: '22021000', cest: '0300700', orig: '0' },
        { ...LINES[1]!, ncm: '22029000', cest: '0300500', orig: '6' },
        { ...LINES[2]!, ncm: '19053100', orig: '1' },
      ],
    });
    const before = { bare: (await row(bare.id)).version, typed: (await row(typed.id)).version };
    const res = await post(
      '/api/stock-entries',
      {
        xml,
        lines: [
          { item_number: 1, product_id: bare.id },
          { item_number: 2, product_id: typed.id },
          { item_number: 3, new_product: { name: 'Biscoito Recheado', sku: 'BISC-FIS' } },
        ],
      },
      s.admin,
      { 'Idempotency-Key': `nfe-fiscal-${key}` },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(bare.id)).toMatchObject({ ncm: '22021000', cest: '0300700', origin: 0 });
    // Its own NCM and origem stay; the CEST it lacked comes from the line.
    expect(await row(typed.id)).toMatchObject({ ncm: '22011000', cest: '0300500', origin: 0 });
    const created = res.body.data.products.find((p: { created: boolean }) => p.created);
    expect(await row(created.id)).toMatchObject({ ncm: '19053100', cest: null, origin: 2 });
    expect(Number((await row(bare.id)).version)).toBeGreaterThan(Number(before.bare));
    expect(Number((await row(typed.id)).version)).toBeGreaterThan(Number(before.typed));
  });
});
