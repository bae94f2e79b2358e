// Housekeeping the server runs by itself, at start and on a timer:
// - Idempotency keys are kept IDEMPOTENCY_RETENTION_MS (30 days), far longer than any
//   outbox holds a sale (its backoff tops out at 5 minutes between tries), then deleted,
//   so the table stays bounded. Deleted per tenant in small batches, each its own short
//   statement over the (tenant_id, created_at) index: no long locks, and on PGlite (one
//   connection) requests run between batches.
// - PGlite has no autovacuum, so its tables would keep no planner statistics and no
//   visibility map (without which an index-only scan, as the margin analysis reads its
//   day totals, visits every row's page anyway): VACUUM (ANALYZE) runs after start and
//   then daily. PostgreSQL's autovacuum does this by itself.
// - Between those, on PGlite, a table that has grown well past what its statistics know
//   is analyzed again within seconds (analyzeGrownTables), as autovacuum's analyze would.
//   It matters most for a store's first day: at start its sales table is empty, and the
//   plans made then are kept by its one connection (the foreign-key checks of every sale
//   line, the named statements of the sale path). Planned for an empty table, each check
//   is a sequential scan of all the store's sales, so every sale cost more than the one
//   before until the next daily pass. ANALYZE replaces the statistics and with them
//   every plan made from the old ones. The sale routes also look every
//   GROWTH_CHECK_EVERY_SALES sales they write (salesWritten): a burst of queued sales
//   arriving at a fresh store is otherwise planned for the empty tables it is filling
//   until the timer's next look.
// Runs at start and then every few hours on an unref'd timer; stop() waits for a pass
// under way, so the database is never closed under it.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { idempotencyKeys, tenants } from '../db/schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a stored answer can be replayed: longer than any outbox holds a sale. */
export const IDEMPOTENCY_RETENTION_MS = 30 * DAY_MS;
/** Keys deleted per statement. */
export const PRUNE_BATCH = 1000;
export const PRUNE_EVERY_MS = 6 * HOUR_MS;
export const ANALYZE_EVERY_MS = DAY_MS;
export const GROWTH_CHECK_EVERY_MS = 5_000;

/**
 * The store's tables whose size on disk has grown past what their statistics were taken
 * on (by a fifth, and by more than 4 pages, 32 KB: a few dozen sales) are analyzed; answers
 * their names. One look at the catalogue when nothing grew.
 */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const grown = (await db.execute(sql`
    SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       AND pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * 1.2 + 4
     ORDER BY c.relname`)) as unknown as { rows: { name: string }[] };
  const names = grown.rows.map((r) => r.name);
  for (const name of names) await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  return names;
}

/** Sales written on PGlite between two looks at the tables' growth (salesWritten). */
export const GROWTH_CHECK_EVERY_SALES = 100;
const salesSinceLook = new WeakMap<Db, number>();

/**
 * Told of sales just written: on PGlite, once GROWTH_CHECK_EVERY_SALES of them went in
 * since the last look, the tables that grew are analyzed (analyzeGrownTables) before the
 * answer goes. PostgreSQL's autovacuum does this by itself.
 */
export async function salesWritten(database: Pick<Database, 'db' | 'driver'>, count: number): Promise<void> {
  if (database.driver !== 'pglite' || count === 0) return;
  const since = (salesSinceLook.get(database.db) ?? 0) + count;
  if (since < GROWTH_CHECK_EVERY_SALES) {
    salesSinceLook.set(database.db, since);
    return;
  }
  salesSinceLook.set(database.db, 0);
  await analyzeGrownTables(database.db);
}

/** Deletes idempotency keys older than the retention; returns how many went. */
export async function pruneIdempotencyKeys(
  db: Db,
  { now = new Date(), retentionMs = IDEMPOTENCY_RETENTION_MS, batch = PRUNE_BATCH } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  const k = idempotencyKeys;
  let removed = 0;
  for (const { id } of await db.select({ id: tenants.id }).from(tenants)) {
    for (;;) {
      const oldest = db
        .select({ key: k.key })
        .from(k)
        .where(and(eq(k.tenantId, id), lt(k.createdAt, cutoff)))
        .limit(batch);
      const gone = await db
        .delete(k)
        .where(and(eq(k.tenantId, id), sql`${k.key} IN (${oldest})`))
        .returning({ key: k.key });
      removed += gone.length;
      if (gone.length < batch) break;
      await new Promise((r) => setImmediate(r)); // let requests in between batches
    }
  }
  return removed;
}

export interface MaintenanceLog {
  info(message: string): void;
  error(obj: unknown, message: string): void;
}

export interface Maintenance {
  /** The pass running now (or the last one), for tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startMaintenance(
  database: Pick<Database, 'db' | 'driver'>,
  log: MaintenanceLog,
  {
    pruneEveryMs = PRUNE_EVERY_MS,
    analyzeEveryMs = ANALYZE_EVERY_MS,
    growthCheckEveryMs = GROWTH_CHECK_EVERY_MS,
  } = {},
): Maintenance {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<void>) => {
    const run = () => {
      if (stopped) return;
      running = running.then(task).catch((err: unknown) => log.error({ err }, 'manutenção do banco falhou'));
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  every(pruneEveryMs, async () => {
    const removed = await pruneIdempotencyKeys(database.db);
    if (removed > 0) log.info(`Chaves de idempotência antigas removidas: ${removed}.`);
  });
  if (database.driver === 'pglite') {
    every(analyzeEveryMs, async () => {
      await database.db.execute(sql`VACUUM (ANALYZE)`);
    });
    every(growthCheckEveryMs, async () => {
      await analyzeGrownTables(database.db);
    });
  }
  return {
    idle: () => running,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await running;
    },
  };
}
