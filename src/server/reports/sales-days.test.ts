// The report summaries (sales_days, sale_product_days: migration 0005) always equal the
// recomputation from the sales and their lines, whatever SQL writes them: multi-row
// inserts, a sale moved to another day, a total changed, a cancelled sale restored, lines
// changed or deleted, sales deleted with their lines. On PostgreSQL the writes come from
// connections on different slots of sales_days (migration 0007): a sale counted in one
// slot is moved, changed or deleted from another, and each day's slots still add up. The
// app's own writes: sales-days-app.test.ts.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayUtc } from '../../shared/dates';
import { saleItems, sales } from '../db/schema';
import { slotWriters, type SlotWriters } from '../test/day-slots';
import { NO_STORE } from '../test/helpers';
import { databases } from '../test/testDb';
import { rowsOf } from './period';
import { useDayTotals, type DayTotalsStock } from './sales-days-fixtures';

describe.each(databases())('report day totals under SQL writes (%s)', (kind) => {
  let { ctx, tenantId } = NO_STORE;
  let { customer, products } = {} as DayTotalsStock;
  let slots: SlotWriters;
  const { summaries, expectExact, clearSales } = useDayTotals(kind, async (store, stock) => {
    ({ ctx, tenantId } = store);
    ({ customer, products } = stock);
    slots = await slotWriters(ctx.database, 3);
  });
  afterAll(() => slots?.close());

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
});
