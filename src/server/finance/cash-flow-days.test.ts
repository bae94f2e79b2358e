// The day totals of the cash book (cash_flow_days) always equal the entries they sum,
// whatever writes them: single and multi-row inserts, updates that move an entry to
// another day or type, deletes, and concurrent transactions on the same days. On
// PostgreSQL the writes come from connections on different slots (migration 0007): an
// entry written in one slot is moved or deleted from another, and the sum over a day's
// slots still equals its entries.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { cashFlowDays, cashFlowEntries } from '../db/schema';
import { cashFlowDayTotals, slotWriters, type SlotWriters } from '../test/day-slots';
import { NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

const DAY0 = '2026-11-01';
const day = (n: number) => addDays(DAY0, n);

describe.each(databases())('cash flow day totals (%s)', (kind) => {
  let { ctx, tenantId } = NO_STORE;
  let slots: SlotWriters;

  /** day => [income, expenses], from the entries and from the day totals. */
  const fromEntries = async () => {
    const rows = await ctx.db
      .select({
        date: cashFlowEntries.date,
        income: sql<number>`coalesce(sum(${cashFlowEntries.amount}) FILTER (WHERE type = 'income'), 0)::float8`,
        expenses: sql<number>`coalesce(sum(${cashFlowEntries.amount}) FILTER (WHERE type = 'expense'), 0)::float8`,
      })
      .from(cashFlowEntries)
      .where(eq(cashFlowEntries.tenantId, tenantId))
      .groupBy(cashFlowEntries.date);
    return Object.fromEntries(rows.map((r) => [r.date, [Number(r.income), Number(r.expenses)]]));
  };
  /** The same from the day totals: each day's slots summed. */
  const fromDays = async () => {
    const rows = await cashFlowDayTotals(ctx.db, tenantId);
    return Object.fromEntries(
      rows.filter((r) => r.income !== 0 || r.expenses !== 0).map((r) => [r.date, [r.income, r.expenses]]),
    );
  };
  const slotsUsed = async () =>
    (
      await ctx.db
        .selectDistinct({ slot: cashFlowDays.slot })
        .from(cashFlowDays)
        .where(eq(cashFlowDays.tenantId, tenantId))
    ).map((r) => r.slot);

  useTestStore(kind, async (store) => {
    ({ ctx, tenantId } = store);
    slots = await slotWriters(ctx.database, 3);
  });
  // (hooks after the tests run last registered first: the writers close before the store)
  afterAll(() => slots?.close());

  type Op =
    | { op: 'insert'; rows: { day: number; type: 'income' | 'expense'; amount: number }[] }
    | { op: 'update'; pick: number; day?: number; type?: 'income' | 'expense'; amount?: number }
    | { op: 'delete'; picks: number[] };
  const type = fc.constantFrom<'income' | 'expense'>('income', 'expense');
  const amount = fc.integer({ min: 1, max: 10_000_000 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      op: fc.constant('insert' as const),
      rows: fc.array(fc.record({ day: fc.integer({ min: 0, max: 6 }), type, amount }), { minLength: 1, maxLength: 6 }),
    }),
    fc.record(
      {
        op: fc.constant('update' as const),
        pick: fc.nat(),
        day: fc.integer({ min: 0, max: 6 }),
        type,
        amount,
      },
      { requiredKeys: ['op', 'pick'] },
    ),
    fc.record({ op: fc.constant('delete' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }),
  );

  it('equal the entries after any sequence of inserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, tenantId));
        const ids: string[] = [];
        for (const [k, o] of ops.entries()) {
          // Each write from the next slot's connection in turn (PGlite: its one).
          const db = slots.writers[k % slots.writers.length]!.db;
          if (o.op === 'insert') {
            const rows = o.rows.map((r) => ({
              tenantId,
              id: randomUUID(),
              date: day(r.day),
              type: r.type,
              description: 'x',
              category: 'Vendas',
              amount: r.amount,
            }));
            await db.insert(cashFlowEntries).values(rows);
            ids.push(...rows.map((r) => r.id));
          } else if (o.op === 'update' && ids.length > 0) {
            const id = ids[o.pick % ids.length]!;
            await db
              .update(cashFlowEntries)
              .set({
                ...(o.day === undefined ? {} : { date: day(o.day) }),
                ...(o.type === undefined ? {} : { type: o.type }),
                ...(o.amount === undefined ? {} : { amount: o.amount }),
              })
              .where(and(eq(cashFlowEntries.tenantId, tenantId), eq(cashFlowEntries.id, id)));
          } else if (o.op === 'delete' && ids.length > 0) {
            const gone = o.picks.map((p) => ids[p % ids.length]!);
            await db
              .delete(cashFlowEntries)
              .where(and(eq(cashFlowEntries.tenantId, tenantId), inArray(cashFlowEntries.id, gone)));
          }
        }
        expect(await fromDays()).toEqual(await fromEntries());
      }),
      { numRuns: kind === 'pglite' ? 25 : 15, seed: 20261123 },
    );
    // Every writer's slot holds some of the totals (on PostgreSQL, three of them).
    expect(await slotsUsed()).toEqual(expect.arrayContaining(slots.writers.map((w) => w.slot)));
  });

  it('concurrent transactions writing the same days finish, and the totals add up', async () => {
    await ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, tenantId));
    // Each transaction writes two days in one statement (as a batch of sales does), listed
    // in opposite orders: the trigger upserts them in key order, so none waits in a circle.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const days = i % 2 === 0 ? [day(1), day(2)] : [day(2), day(1)];
          await tx.insert(cashFlowEntries).values(
            days.map((date) => ({
              tenantId,
              date,
              type: 'income' as const,
              description: `t${i}`,
              category: 'Vendas',
              amount: 100 + i,
            })),
          );
        }),
      ),
    );
    const totals = await fromDays();
    expect(totals[day(1)]).toEqual([828, 0]);
    expect(totals[day(2)]).toEqual([828, 0]);
    expect(totals).toEqual(await fromEntries());
  });
});
