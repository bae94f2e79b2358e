import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema';
import { OTHER_HOST, NO_STORE, openTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

const DEFAULTS = { cashiers_see_cost_price: true, stock_cost_method: 'average', new_product_markup_percent: 100 };

describe.each(databases())('store settings (%s)', (kind) => {
  let { ctx, http, admin, cashier, otherAdmin } = NO_STORE;

  const savedSettings = async () =>
    (await ctx.db.select({ s: tenants.settings }).from(tenants).where(eq(tenants.id, ctx.demo.tenant.id)))[0]!.s;

  beforeAll(async () => {
    ({ ctx, http, admin, cashier, otherAdmin } = await openTestStore(kind));
  });
  afterAll(() => ctx?.close());

  it('a store starts with the defaults, and settings never saved read as their defaults', async () => {
    for (const token of [admin, cashier]) {
      const res = await http.get('/api/settings', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: DEFAULTS });
    }
    expect((await http.get('/api/settings')).status).toBe(401);
    // A row written by a version that knew other settings (or none of these).
    await ctx.db
      .update(tenants)
      .set({ settings: sql`'{"recibo_largura_mm": 58}'::jsonb` })
      .where(eq(tenants.id, ctx.demo.tenant.id));
    expect((await http.get('/api/settings', { token: cashier })).body.data).toEqual(DEFAULTS);
  });

  it('admins change them (only what they send); cashiers cannot; a bad value is a 400 naming the field', async () => {
    const before = await savedSettings();
    const refused = await http.put('/api/settings', { cashiers_see_cost_price: false }, { token: cashier });
    expect(refused.status).toBe(403);
    const bad = await http.put('/api/settings', { cashiers_see_cost_price: 'não' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'VALIDATION',
      details: [expect.objectContaining({ path: 'cashiers_see_cost_price' })],
    });
    expect(bad.body.error).toMatch(/^Dados inválidos: cashiers_see_cost_price: /);
    expect(await savedSettings()).toEqual(before);

    const off = await http.put('/api/settings', { cashiers_see_cost_price: false }, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ ...DEFAULTS, cashiers_see_cost_price: false });
    expect((await http.get('/api/settings', { token: cashier })).body.data).toEqual({
      ...DEFAULTS,
      cashiers_see_cost_price: false,
    });
    // What this version does not know is kept for the one that wrote it.
    expect(await savedSettings()).toEqual({ recibo_largura_mm: 58, cashiers_see_cost_price: false });
    // Nothing sent, nothing changed.
    expect((await http.put('/api/settings', {}, { token: admin })).body.data).toEqual({
      ...DEFAULTS,
      cashiers_see_cost_price: false,
    });
    // Another store keeps its own.
    const other = await http.get('/api/settings', { token: otherAdmin, host: OTHER_HOST });
    expect(other.body.data).toEqual(DEFAULTS);
  });

  it('the cost method and the markup of new products from an NF-e: saved, and refused when not one of theirs', async () => {
    const set = await http.put(
      '/api/settings',
      { stock_cost_method: 'last', new_product_markup_percent: 45.5 },
      { token: admin },
    );
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ stock_cost_method: 'last', new_product_markup_percent: 45.5 });
    const bad = await http.put('/api/settings', { stock_cost_method: 'fifo' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: 'stock_cost_method' })]);
    const negative = await http.put('/api/settings', { new_product_markup_percent: -1 }, { token: admin });
    expect(negative.status).toBe(400);
  });
});
