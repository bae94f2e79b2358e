// Two sales of one store on the same day do not wait for each other's day totals (issue
// 10 §5, migration 0007). Transaction A has written a sale, its line and its cash entry
// (the day totals' rows it touches are locked until it commits) and stays open; B, on a
// connection whose slot differs, makes a whole sale through the service and commits under
// a short lock_timeout: with one row per store and day, B would wait for A's rows and
// fail. Then A commits, and each day's slots add up to the sales and the cash book.
// PostgreSQL only: PGlite has one connection.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dayInSaoPaulo } from '../../../shared/dates';
import { rowsOf } from '../../reports/period';
import { saleItems, sales } from '../../db/schema';
import { writeCashEntries } from '../../ledgers/cash-book';
import { slotWriters, type SlotWriters } from '../../test/day-slots';
import { NO_STORE, useTestStore } from '../../test/helpers';
import { makeCustomer, makeProduct } from '../../test/sales-fixtures';
import { paymentEffectRows } from '../records/sale-effects';
import { createSales, saleCall } from './sale-create';

describe.runIf(process.env.DATABASE_URL)('sales of one store on one day (postgres)', () => {
  let { ctx } = NO_STORE;
  let slots: SlotWriters;

  useTestStore('postgres', async (store) => {
    ({ ctx } = store);
    slots = await slotWriters(ctx.database, 2);
  });
  // (hooks after the tests run last registered first: the writers close before the store)
  afterAll(() => slots?.close());

  it('a sale commits while another holds its day totals, and the totals add up', async () => {
    const tenantId = ctx.demo.tenant.id;
    const customer = await makeCustomer(ctx.db, tenantId);
    const [first, second] = [
      await makeProduct(ctx.db, tenantId, { stock: 10, price: 1500, cost: 600 }),
      await makeProduct(ctx.db, tenantId, { stock: 10, price: 2490, cost: 1000 }),
    ];
    const [a, b] = slots.writers;
    expect(a!.slot).not.toBe(b!.slot);
    // Both sold at the same moment: the same São Paulo day.
    const soldAt = new Date(Date.now() - 60_000);
    const day = dayInSaoPaulo(soldAt);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const aWrote = new Promise<void>((resolve) => (written = resolve));
    const transactionA = a!.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sales)
        .values({
          tenantId,
          id: randomUUID(),
          // A till's own number, as every device sends: no store counter is taken (a sale
          // written without one would hold the store's counter row until it commits).
          number: 'T-0001',
          customerId: customer.id,
          customerName: customer.name,
          total: 3000,
          paymentMethod: 'cash',
          paymentStatus: 'pending',
          saleStatus: 'completed',
          offline: true,
          soldAt,
        })
        .returning();
      await tx.insert(saleItems).values({
        tenantId,
        saleId: row!.id,
        position: 0,
        productId: first!.id,
        productName: first!.name,
        quantity: 2,
        unitPrice: 1500,
        unitCost: 600,
        totalPrice: 3000,
      });
      await writeCashEntries(tx, paymentEffectRows(row!).cash);
      written();
      await released;
    });
    await aWrote;

    let bCommitted = false;
    try {
      await b!.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '1s'`);
        const sale = saleCall({
          customer_id: customer.id,
          items: [{ product_id: second!.id, quantity: 1, unit_price: 2490 }],
          payment_method: 'cash',
          payment_status: 'pending',
          sale_status: 'completed',
          offline: true,
          sold_at: soldAt.toISOString(),
        });
        const [outcome] = await createSales(b!.db, tenantId, null, [sale], { tx });
        if (outcome!.kind !== 'done') throw new Error(`venda B recusada: ${JSON.stringify(outcome)}`);
      });
      bCommitted = true;
    } finally {
      release();
      await transactionA;
    }
    expect(bCommitted).toBe(true);

    const [totals] = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql`SELECT (SELECT count(DISTINCT slot) FROM sales_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::int AS "salesSlots",
                 (SELECT sum(sales) FROM sales_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::int AS sales,
                 (SELECT sum(revenue) FROM sales_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::float8 AS revenue,
                 (SELECT sum(cost) FROM sales_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::float8 AS cost,
                 (SELECT count(DISTINCT slot) FROM cash_flow_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::int AS "cashSlots",
                 (SELECT sum(income) FROM cash_flow_days WHERE tenant_id = ${tenantId} AND date = ${day}::date)::float8 AS income`,
    );
    const [recomputed] = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM sales s WHERE s.tenant_id = ${tenantId} AND s.sale_status = 'completed'
                    AND sp_day(s.sold_at) = ${day}::date)::int AS sales,
                 (SELECT sum(s.total) FROM sales s WHERE s.tenant_id = ${tenantId} AND s.sale_status = 'completed'
                    AND sp_day(s.sold_at) = ${day}::date)::float8 AS revenue,
                 (SELECT sum(i.quantity::bigint * i.unit_cost) FROM sales s
                    JOIN sale_items i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id
                   WHERE s.tenant_id = ${tenantId} AND s.sale_status = 'completed'
                     AND sp_day(s.sold_at) = ${day}::date)::float8 AS cost,
                 (SELECT sum(amount) FROM cash_flow_entries WHERE tenant_id = ${tenantId} AND type = 'income'
                    AND date = ${day}::date)::float8 AS income`,
    );
    // The two sales, each in its own slot.
    expect(recomputed).toEqual({ sales: 2, revenue: 5490, cost: 2200, income: 5490 });
    expect(totals).toEqual({ ...recomputed, salesSlots: 2, cashSlots: 2 });
  });
});
