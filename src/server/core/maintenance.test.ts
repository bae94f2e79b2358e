// The server's housekeeping: idempotency keys older than the retention are deleted (in
// batches, every store), newer ones stay and still replay their stored answer; on PGlite
// the job also vacuums: planner statistics and the visibility map.
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, salesCount } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { SaleCreateSchema } from '../../shared/contract';
import { createSales, saleCall } from '../sales/create/sale-create';
import {
  GROWTH_CHECK_EVERY_SALES,
  IDEMPOTENCY_RETENTION_MS,
  analyzeGrownTables,
  pruneIdempotencyKeys,
  startMaintenance,
} from './maintenance';

const DAY_MS = 86_400_000;

describe.each(databases())('idempotency key retention (%s)', (kind) => {
  let { ctx, http, cashier, otherAdmin, otherCashier } = NO_STORE;

  useTestStore(kind, (store) => ({ ctx, http, cashier, otherAdmin, otherCashier } = store));

  /** Moves keys' creation back in time, as if they had been stored `days` ago. */
  const age = (keys: string[], days: number) =>
    ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(inArray(idempotencyKeys.key, keys));
  const stored = async (keys: string[]) =>
    (await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys)))
      .map((r) => r.key)
      .sort();

  it('deletes keys past the retention in every store, keeps newer ones, which still replay', async () => {
    expect(IDEMPOTENCY_RETENTION_MS).toBe(30 * DAY_MS);
    const tenantId = ctx.demo.tenant.id;
    const product = await makeProduct(ctx.db, tenantId, { stock: 100 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const bodies = new Map<string, unknown>();
    const answers = new Map<string, unknown>();
    const sell = async (key: string) => {
      const body = saleBody(customer.id, [{ product, quantity: 1 }], { id: randomUUID(), offline: true });
      const res = await http.post('/api/sales', body, { token: cashier, headers: { 'Idempotency-Key': key } });
      expect(res.status).toBe(201);
      bodies.set(key, body);
      answers.set(key, res.body);
    };
    const old = Array.from({ length: 7 }, () => randomUUID());
    const recent = Array.from({ length: 3 }, () => randomUUID());
    for (const k of [...old, ...recent]) await sell(k);
    const otherOld = randomUUID();
    const there = await http.post(
      '/api/customers',
      { name: 'Cliente Antigo' },
      { token: otherAdmin, host: OTHER_HOST, headers: { 'Idempotency-Key': otherOld } },
    );
    expect(there.status).toBe(201);
    await age([...old, otherOld], 31);
    await age(recent.slice(0, 1), 29); // inside the retention: kept

    // Batches of 2: several statements per store.
    expect(await pruneIdempotencyKeys(ctx.db, { batch: 2 })).toBe(old.length + 1);
    expect(await stored([...old, otherOld])).toEqual([]);
    expect(await stored(recent)).toEqual([...recent].sort());
    expect(await pruneIdempotencyKeys(ctx.db)).toBe(0);

    // A key inside the retention still answers what was stored: no second sale.
    const before = await salesCount(ctx.db, tenantId);
    for (const k of recent) {
      const replay = await http.post('/api/sales', bodies.get(k), {
        token: cashier,
        headers: { 'Idempotency-Key': k },
      });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(answers.get(k));
    }
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
  });

  it('the job prunes at start and stops cleanly', async () => {
    const tenantId = ctx.demo.tenant.id;
    const customer = await makeCustomer(ctx.db, tenantId);
    const product = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const k = randomUUID();
    const sold = await http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 1 }]), {
      token: cashier,
      headers: { 'Idempotency-Key': k },
    });
    expect(sold.status).toBe(201);
    await age([k], 40);
    const messages: string[] = [];
    const job = startMaintenance(ctx.database, { info: (m) => messages.push(m), error: () => undefined });
    await job.idle();
    await job.stop();
    expect(await stored([k])).toEqual([]);
    expect(messages).toEqual(['Chaves de idempotência antigas removidas: 1.']);
    if (kind === 'pglite') {
      const { rows } = (await ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'products'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBeGreaterThan(0);
      const visible = (await ctx.db.execute(
        sql`SELECT relallvisible::int AS n FROM pg_class WHERE relname = 'sale_product_days'`,
      )) as unknown as { rows: { n: number }[] };
      expect(visible.rows[0]!.n).toBeGreaterThan(0);
    }
  });

  it("a table grown past its statistics is analyzed again, and a sale line's check of its sale stops scanning every sale", async () => {
    const tenantId = ctx.demo.tenant.id;
    // The check each sale line makes of its sale (PostgreSQL's own foreign-key query), as
    // the one connection of PGlite keeps it: one generic plan.
    const lineCheckPlan = () =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        await tx.execute(
          sql`PREPARE line_check(uuid, uuid) AS SELECT 1 FROM ONLY sales x WHERE tenant_id = $1 AND id = $2 FOR KEY SHARE OF x`,
        );
        const plan = (await tx.execute(
          sql.raw(`EXPLAIN EXECUTE line_check('${tenantId}', '${tenantId}')`),
        )) as unknown as { rows: Record<string, string>[] };
        await tx.execute(sql`DEALLOCATE line_check`);
        return plan.rows.map((r) => Object.values(r)[0]).join('\n');
      });
    // Statistics taken while the store had sold little, as at a server's start.
    await ctx.db.execute(sql`ANALYZE`);
    if (kind === 'pglite') expect(await lineCheckPlan()).toContain('Seq Scan on sales');

    const customer = await makeCustomer(ctx.db, tenantId);
    const product = await makeProduct(ctx.db, tenantId, { stock: 1000 });
    // Through the sale service, not the routes: the routes would look at the growth themselves.
    for (let run = 0; run < 4; run++) {
      const calls = Array.from({ length: 50 }, () => {
        const id = randomUUID();
        return saleCall(
          SaleCreateSchema.parse(saleBody(customer.id, [{ product, quantity: 1 }], { id, offline: true })),
          id,
        );
      });
      const outcomes = await createSales(ctx.db, tenantId, ctx.demo.cashier.id, calls, { role: 'user' });
      expect(outcomes.every((o) => o.kind === 'done')).toBe(true);
    }

    const analyzed = await analyzeGrownTables(ctx.db);
    // PostgreSQL's autovacuum may have been there first.
    if (kind === 'pglite') expect(analyzed).toContain('sales');
    expect(await lineCheckPlan()).toContain('sales_pkey');
    expect(await analyzeGrownTables(ctx.db)).not.toContain('sales');
  });

  it('on PGlite the sale routes analyze the tables a burst of queued sales grew, without waiting for the timer', async () => {
    const tenantId = ctx.other.tenant.id;
    const customer = await makeCustomer(ctx.db, tenantId);
    const product = await makeProduct(ctx.db, tenantId, { stock: 1000 });
    await ctx.db.execute(sql`ANALYZE`);
    const known = async () =>
      (
        (await ctx.db.execute(sql`SELECT relpages::int AS pages FROM pg_class WHERE relname = 'sales'`)) as unknown as {
          rows: { pages: number }[];
        }
      ).rows[0]!.pages;
    const before = await known();
    const sold = await salesCount(ctx.db, tenantId);
    for (let run = 0; run < (4 * GROWTH_CHECK_EVERY_SALES) / 50; run++) {
      const sales = Array.from({ length: 50 }, () => {
        const id = randomUUID();
        return { key: id, body: saleBody(customer.id, [{ product, quantity: 1 }], { id, offline: true }) };
      });
      const res = await http.post('/api/sales/batch', { sales }, { token: otherCashier, host: OTHER_HOST });
      expect(res.status).toBe(200);
    }
    // The statistics now know the sales table at its grown size (PostgreSQL: autovacuum's business).
    if (kind === 'pglite') expect(await known()).toBeGreaterThan(before + 4);
    expect(await salesCount(ctx.db, tenantId)).toBe(sold + 4 * GROWTH_CHECK_EVERY_SALES);
  });
});
