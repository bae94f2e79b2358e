// The report summaries (sales_days, sale_product_days: migration 0005) equal the
// recomputation from the sales after the app's sales, cancellations and line edits through
// the API, and migration 0005's backfill rebuilds them from the sales the app left. Writes
// by any SQL: sales-days.test.ts.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { MIGRATIONS_FOLDER } from '../db/client';
import { api, NO_STORE } from '../test/helpers';
import { saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { useDayTotals, type DayTotalsStock } from './sales-days-fixtures';

describe.each(databases())('report day totals under the app (%s)', (kind) => {
  let { ctx, http } = NO_STORE;
  let { customer, products } = {} as DayTotalsStock;
  const { recomputed, summaries, expectExact, clearSales } = useDayTotals(kind, (store, stock) => {
    ctx = store.ctx;
    http = api(ctx.app, { token: store.admin });
    ({ customer, products } = stock);
  });

  it("equal them after the app's sales, cancellations and line edits", async () => {
    await clearSales();
    type AppOp =
      | { op: 'sell'; lines: { product: number; quantity: number }[]; hoursAgo: number }
      | { op: 'cancel'; pick: number }
      | { op: 'add'; pick: number; product: number; quantity: number }
      | { op: 'change'; pick: number; quantity: number; price: number }
      | { op: 'remove'; pick: number };
    const appOp: fc.Arbitrary<AppOp> = fc.oneof(
      fc.record({
        op: fc.constant('sell' as const),
        lines: fc.uniqueArray(fc.record({ product: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 3,
          selector: (l) => l.product,
        }),
        hoursAgo: fc.constantFrom(0, 5, 30),
      }),
      fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({
        op: fc.constant('add' as const),
        pick: fc.nat(),
        product: fc.nat({ max: 2 }),
        quantity: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        op: fc.constant('change' as const),
        pick: fc.nat(),
        quantity: fc.integer({ min: 1, max: 4 }),
        price: fc.integer({ min: 1, max: 500 }),
      }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
    );
    let now = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(appOp, { minLength: 1, maxLength: 8 }), async (ops) => {
        const sold: { id: string; items: string[] }[] = [];
        for (const o of ops) {
          const sale = 'pick' in o && sold.length ? sold[o.pick % sold.length]! : null;
          let res: { status: number; body: { data?: { id: string; items: { id: string }[] } } } | null = null;
          if (o.op === 'sell') {
            const body = saleBody(
              customer.id,
              o.lines.map((l) => ({ product: products[l.product]!, quantity: l.quantity })),
              o.hoursAgo
                ? {
                    offline: true,
                    id: randomUUID(),
                    sold_at: new Date((now -= 1000) - o.hoursAgo * 3_600_000).toISOString(),
                  }
                : {},
            );
            res = await http.post('/api/sales', body);
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            sold.push({ id: res.body.data!.id, items: res.body.data!.items.map((i) => i.id) });
            continue;
          }
          if (!sale) continue;
          if (o.op === 'cancel') res = await http.put(`/api/sales/${sale.id}/cancel`, { reason: 'Cliente desistiu' });
          else if (o.op === 'add') {
            res = await http.post('/api/sales/items', {
              sale_id: sale.id,
              product_id: products[o.product]!.id,
              quantity: o.quantity,
            });
          } else if (o.op === 'change') {
            res = await http.put(`/api/sales/items/${sale.items[0]}`, { quantity: o.quantity, unit_price: o.price });
          } else {
            res = await http.delete(`/api/sales/${sale.id}/items/${sale.items.at(-1)}`);
          }
          // A cancelled sale refuses edits (409), and a sale keeps its last line: refusals change nothing.
          expect([200, 201, 409]).toContain(res.status);
          if (res.status < 300 && res.body.data?.items) sale.items = res.body.data.items.map((i) => i.id);
        }
        await expectExact();
      }),
      { numRuns: kind === 'pglite' ? 10 : 8, seed: 20261124 },
    );
    expect(Object.keys((await summaries()).days).length).toBeGreaterThan(0);
    expect(Object.keys((await summaries()).days)).toContain(todayIso());
  });

  it("the migration's backfill rebuilds them from the sales the app left", async () => {
    expect(Object.keys((await recomputed()).products).length).toBeGreaterThan(0);
    // The backfill statements of migration 0005 (its last two), on emptied summaries.
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0005_report_speed.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    await ctx.db.execute(sql.raw('DELETE FROM sales_days'));
    await ctx.db.execute(sql.raw('DELETE FROM sale_product_days'));
    expect((await summaries()).days).toEqual({});
    for (const statement of migration.slice(-2)) await ctx.db.execute(sql.raw(statement));
    await expectExact();
  });
});
