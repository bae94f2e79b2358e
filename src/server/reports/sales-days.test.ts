// The report summaries (sales_days, sale_product_days: migration 0005) always equal the
// recomputation from the sales and their lines, whatever writes them: the app's sales,
// cancellations and line edits through the API, and any SQL (multi-row inserts, a sale
// moved to another day, a total changed, a cancelled sale restored, lines changed or
// deleted, sales deleted with their lines). On PostgreSQL the SQL writes come from
// connections on different slots of sales_days (migration 0007): a sale counted in one
// slot is moved, changed or deleted from another, and each day's slots still add up.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayUtc, todayIso } from '../../shared/dates';
import { MIGRATIONS_FOLDER } from '../db/client';
import { saleItems, sales } from '../db/schema';
import { slotWriters, type SlotWriters } from '../test/day-slots';
import { api, loginAll, NO_STORE, openTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { rowsOf } from './period';

type Totals = Record<string, number[]>;

describe.each(databases())('report day totals (%s)', (kind) => {
  let { ctx, tenantId } = NO_STORE;
  let customer: { id: string; name: string };
  let products: ProductFixture[];
  let slots: SlotWriters;

  const SP_DAY = (column: string) => `((${column} AT TIME ZONE 'UTC') - interval '3 hours')::date`;
  const keyed = (rows: Record<string, unknown>[], key: string[], values: string[]): Totals =>
    Object.fromEntries(
      rows
        .map((r) => [key.map((k) => String(r[k])).join(' '), values.map((v) => Number(r[v]))] as const)
        .filter(([, v]) => v.some((n) => n !== 0)),
    );
  /** [sales, revenue, cost] by day, and [lines, revenue, cost] by day and product, from the sales. */
  const recomputed = async () => {
    const days = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql.raw(`SELECT to_char(${SP_DAY('s.sold_at')}, 'YYYY-MM-DD') AS day, count(*)::int AS n, sum(s.total)::float8 AS revenue,
                      coalesce(sum((SELECT sum(i.quantity::bigint * i.unit_cost) FROM sale_items i
                                     WHERE i.tenant_id = s.tenant_id AND i.sale_id = s.id)), 0)::float8 AS cost
                 FROM sales s WHERE s.tenant_id = '${tenantId}' AND s.sale_status = 'completed' GROUP BY 1`),
    );
    const lines = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql.raw(`SELECT to_char(${SP_DAY('s.sold_at')}, 'YYYY-MM-DD') AS day, i.product_id::text AS product, count(*)::int AS n,
                      sum(i.total_price)::float8 AS revenue, sum(i.quantity::bigint * i.unit_cost)::float8 AS cost
                 FROM sales s JOIN sale_items i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id
                WHERE s.tenant_id = '${tenantId}' AND s.sale_status = 'completed' GROUP BY 1, 2`),
    );
    return {
      days: keyed(days, ['day'], ['n', 'revenue', 'cost']),
      products: keyed(lines, ['day', 'product'], ['n', 'revenue', 'cost']),
    };
  };
  const summaries = async () => {
    const days = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql.raw(`SELECT to_char(date, 'YYYY-MM-DD') AS day, sum(sales)::int AS n, sum(revenue)::float8 AS revenue,
                      sum(cost)::float8 AS cost
                 FROM sales_days WHERE tenant_id = '${tenantId}' GROUP BY date`),
    );
    const lines = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql.raw(`SELECT to_char(date, 'YYYY-MM-DD') AS day, product_id::text AS product, lines AS n, revenue::float8, cost::float8
                 FROM sale_product_days WHERE tenant_id = '${tenantId}'`),
    );
    return {
      days: keyed(days, ['day'], ['n', 'revenue', 'cost']),
      products: keyed(lines, ['day', 'product'], ['n', 'revenue', 'cost']),
    };
  };
  const expectExact = async () => {
    const [now, expected] = await Promise.all([summaries(), recomputed()]);
    expect(now).toEqual(expected);
  };
  const clearSales = () => ctx.db.delete(sales).where(eq(sales.tenantId, tenantId));

  beforeAll(async () => {
    ({ ctx, tenantId } = await openTestStore(kind));
    customer = await makeCustomer(ctx.db, tenantId);
    products = [];
    for (const [price, cost] of [
      [1000, 400],
      [2590, 1310],
      [399, 0],
    ] as const) {
      products.push(await makeProduct(ctx.db, tenantId, { stock: 100_000, price, cost }));
    }
    slots = await slotWriters(ctx.database, 3);
  });
  afterAll(async () => {
    await slots?.close();
    await ctx?.close();
  });

  it("the seeded store's are exact, and deleting every sale empties them", async () => {
    await expectExact();
    await clearSales();
    await expectExact();
    expect((await summaries()).days).toEqual({});
  });

  type Line = { product: number; quantity: number; price: number; cost: number };
  type Op =
    | { op: 'sell'; sales: { day: number; hour: number; cancelled: boolean; lines: Line[] }[] }
    | { op: 'status'; pick: number; completed: boolean }
    | { op: 'move'; pick: number; day: number; hour: number }
    | { op: 'total'; pick: number; total: number }
    | { op: 'line'; pick: number; quantity: number; cost: number; product: number }
    | { op: 'add-line'; pick: number; line: Line }
    | { op: 'drop-lines'; picks: number[] }
    | { op: 'drop-sales'; picks: number[] }
    | { op: 'paid-all' };
  const line: fc.Arbitrary<Line> = fc.record({
    product: fc.nat({ max: 2 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    price: fc.integer({ min: 0, max: 100_000 }),
    cost: fc.integer({ min: 0, max: 60_000 }),
  });
  const day = fc.integer({ min: 0, max: 3 });
  // UTC hours: 0-2 land on the São Paulo day before.
  const hour = fc.constantFrom(0, 1, 2, 3, 12, 23);
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      op: fc.constant('sell' as const),
      sales: fc.array(
        fc.record({
          day,
          hour,
          cancelled: fc.nat({ max: 4 }).map((n) => n === 0),
          lines: fc.array(line, { minLength: 1, maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    fc.record({
      op: fc.constant('status' as const),
      pick: fc.nat(),
      completed: fc.nat({ max: 2 }).map((n) => n === 0),
    }),
    fc.record({ op: fc.constant('move' as const), pick: fc.nat(), day, hour }),
    fc.record({ op: fc.constant('total' as const), pick: fc.nat(), total: fc.integer({ min: 0, max: 500_000 }) }),
    fc.record({
      op: fc.constant('line' as const),
      pick: fc.nat(),
      quantity: fc.integer({ min: 1, max: 5 }),
      cost: fc.integer({ min: 0, max: 60_000 }),
      product: fc.nat({ max: 2 }),
    }),
    fc.record({ op: fc.constant('add-line' as const), pick: fc.nat(), line }),
    fc.record({ op: fc.constant('drop-lines' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }),
    fc.record({ op: fc.constant('drop-sales' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }) }),
    fc.constant({ op: 'paid-all' as const }),
  );

  it('equal the sales and their lines after any sequence of SQL writes', async () => {
    const DAY0 = '2026-11-01';
    const at = (d: number, h: number) => new Date(startOfDayUtc(addDays(DAY0, d)).getTime() + (h - 3) * 3_600_000);
    const itemValues = (saleId: string, l: Line, position: number) => ({
      tenantId,
      saleId,
      position,
      productId: products[l.product]!.id,
      productName: 'x',
      quantity: l.quantity,
      unitPrice: l.price,
      unitCost: l.cost,
      totalPrice: l.quantity * l.price,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await clearSales();
        const saleIds: string[] = [];
        const itemIds = async () =>
          (await ctx.db.select({ id: saleItems.id }).from(saleItems).where(eq(saleItems.tenantId, tenantId))).map(
            (r) => r.id,
          );
        const ownSale = (id: string) => and(eq(sales.tenantId, tenantId), eq(sales.id, id));
        const ownItem = (id: string) => and(eq(saleItems.tenantId, tenantId), eq(saleItems.id, id));
        for (const [n, o] of ops.entries()) {
          // Each write from the next slot's connection in turn (PGlite: its one).
          const db = slots.writers[n % slots.writers.length]!.db;
          const sale = 'pick' in o && saleIds.length ? saleIds[o.pick % saleIds.length]! : null;
          if (o.op === 'sell') {
            const rows = o.sales.map((s) => ({
              tenantId,
              id: randomUUID(),
              customerId: customer.id,
              customerName: customer.name,
              total: s.lines.reduce((sum, l) => sum + l.quantity * l.price, 0),
              paymentMethod: 'cash' as const,
              paymentStatus: s.cancelled ? ('cancelled' as const) : ('pending' as const),
              saleStatus: s.cancelled ? ('cancelled' as const) : ('completed' as const),
              soldAt: at(s.day, s.hour),
            }));
            await db.transaction(async (tx) => {
              await tx.insert(sales).values(rows);
              await tx
                .insert(saleItems)
                .values(o.sales.flatMap((s, k) => s.lines.map((l, p) => itemValues(rows[k]!.id, l, p))));
            });
            saleIds.push(...rows.map((r) => r.id));
          } else if (o.op === 'status' && sale) {
            const status = o.completed ? ('completed' as const) : ('cancelled' as const);
            await db
              .update(sales)
              .set({ saleStatus: status, paymentStatus: o.completed ? 'pending' : 'cancelled' })
              .where(ownSale(sale));
          } else if (o.op === 'move' && sale) {
            await db
              .update(sales)
              .set({ soldAt: at(o.day, o.hour) })
              .where(ownSale(sale));
          } else if (o.op === 'total' && sale) {
            await db.update(sales).set({ total: o.total }).where(ownSale(sale));
          } else if (o.op === 'line') {
            const items = await itemIds();
            if (!items.length) continue;
            await db
              .update(saleItems)
              .set({ quantity: o.quantity, unitCost: o.cost, productId: products[o.product]!.id })
              .where(ownItem(items[o.pick % items.length]!));
          } else if (o.op === 'add-line' && sale) {
            await db.insert(saleItems).values(itemValues(sale, o.line, 99));
          } else if (o.op === 'drop-lines') {
            const items = await itemIds();
            if (!items.length) continue;
            const gone = o.picks.map((p) => items[p % items.length]!);
            await db.delete(saleItems).where(and(eq(saleItems.tenantId, tenantId), inArray(saleItems.id, gone)));
          } else if (o.op === 'drop-sales' && saleIds.length) {
            const gone = o.picks.map((p) => saleIds[p % saleIds.length]!);
            await db.delete(sales).where(and(eq(sales.tenantId, tenantId), inArray(sales.id, gone)));
          } else if (o.op === 'paid-all') {
            await db.update(sales).set({ paymentStatus: 'paid' }).where(eq(sales.tenantId, tenantId));
          }
        }
        await expectExact();
      }),
      { numRuns: kind === 'pglite' ? 30 : 20, seed: 20261123 },
    );
    // Every writer's slot holds some of the totals (on PostgreSQL, three of them).
    const used = await rowsOf<{ slot: number }>(
      ctx.db,
      sql.raw(`SELECT DISTINCT slot FROM sales_days WHERE tenant_id = '${tenantId}'`),
    );
    expect(used.map((r) => r.slot)).toEqual(expect.arrayContaining(slots.writers.map((w) => w.slot)));
  });

  it("equal them after the app's sales, cancellations and line edits", async () => {
    await clearSales();
    const { demoAdmin } = await loginAll(ctx);
    const http = api(ctx.app, { token: demoAdmin.accessToken });
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
          if (o.op === 'cancel') res = await http.put(`/api/sales/${sale.id}/cancel`, undefined);
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
