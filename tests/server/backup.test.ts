// npm run backup / npm run restore on the embedded database: a backup taken
// while the real server runs and sells, restored into an empty data dir, holds exactly
// the store's tables as of the backup; one taken in the middle of a burst of sales is
// whole (every sale with its lines and its cash, the stock matching them). Restore
// refuses a data dir that is not empty and one a running server holds.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { lockHolder } from '../../src/server/db/data-dir-lock';
import { api, loginToken } from '../e2e/support/api';
import { startServer, type RunningServer } from '../e2e/support/server';

const work = mkdtempSync(join(tmpdir(), 'balcao-backup-'));
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.stop({ keepData: true });
  rmSync(work, { recursive: true, force: true });
});

/** npm run backup|restore as an operator runs it, on DATA_DIR. */
function cli(command: 'backup' | 'restore', dataDir: string, file: string) {
  const child = spawn('npx', ['tsx', 'src/server/cli/backup.ts', command, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ status: number | null; out: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, out })),
  );
}

/** Every table of the database, each as its rows in JSON, sorted. */
async function tablesOf(dataDir: string): Promise<Record<string, string[]>> {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    const q = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
    const tables = await q<{ name: string }>(
      `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      out[name] = (await q<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM ${name} t`)).map((x) => x.r).sort();
    }
    return out;
  } finally {
    await database.close();
  }
}

interface Ctx {
  server: RunningServer;
  token: string;
  customerId: string;
  productId: string;
  price: number;
  /** the product's stock when the server started */
  stock: number;
}

/** Stops the server and waits until its process has let go of the data dir. */
async function stop(ctx: Ctx): Promise<void> {
  await ctx.server.stop({ keepData: true });
  await expect.poll(() => lockHolder(join(ctx.server.dataDir, 'pglite')), { timeout: 15_000 }).toBeNull();
}

async function sell(ctx: Ctx, quantity = 1): Promise<string> {
  const res = await api<{ data: { id: string } }>(ctx.server, 'POST', '/api/sales', {
    token: ctx.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      customer_id: ctx.customerId,
      items: [{ product_id: ctx.productId, quantity, unit_price: ctx.price }],
      payment_method: 'cash',
      offline: true,
    },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function start(dataDir: string): Promise<Ctx> {
  const server = await startServer({}, { dataDir });
  running.push(server);
  const token = await loginToken(server, 'admin@demo.com');
  const products = await api<{ data: { products: { id: string; sale_price: number; current_stock: number }[] } }>(
    server,
    'GET',
    '/api/products?limit=1&active=true',
    { token },
  );
  const customers = await api<{ data: { customers: { id: string }[] } }>(server, 'GET', '/api/customers?limit=1', {
    token,
  });
  const product = products.body.data.products[0]!;
  return {
    server,
    token,
    customerId: customers.body.data.customers[0]!.id,
    productId: product.id,
    price: product.sale_price,
    stock: product.current_stock,
  };
}

describe('backup and restore (PGlite)', () => {
  it('a backup taken while the server runs restores, into an empty data dir, exactly the tables of that moment', async () => {
    const store = join(work, 'store');
    let ctx = await start(store);
    const before = [await sell(ctx), await sell(ctx, 2), await sell(ctx)];
    const file = join(work, 'loja.tar.gz');
    const taken = await cli('backup', store, file);
    expect(taken.out).toContain('pedindo a cópia a ele');
    expect(taken.out).toContain('Backup concluído');
    expect(taken.status).toBe(0);

    // Stopped right after, the store is as the backup saw it: its tables are the reference.
    await stop(ctx);
    const atBackup = await tablesOf(store);
    expect(atBackup['public.sales']).toHaveLength(before.length);

    // Sell more after the backup.
    ctx = await start(store);
    await sell(ctx);
    await sell(ctx);

    // While the server holds its data dir, nothing is restored into it.
    const busy = await cli('restore', store, file);
    expect(busy.status).toBe(1);
    expect(busy.out).toContain('está em uso pelo processo');
    await stop(ctx);
    const now = await tablesOf(store);
    expect(now['public.sales']).toHaveLength(before.length + 2);

    // A data dir that is not empty is refused, and left as it was.
    const refused = await cli('restore', store, file);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('não está vazia');
    expect(await tablesOf(store)).toEqual(now);

    const restoredDir = join(work, 'restored');
    const restored = await cli('restore', restoredDir, file);
    expect(restored.out).toContain('Restauração concluída: 1 loja(s).');
    expect(restored.status).toBe(0);
    expect(await tablesOf(restoredDir)).toEqual(atBackup);

    // And the restored store serves.
    const again = await start(restoredDir);
    const list = await api<{ data: { pagination: { total: number } } }>(again.server, 'GET', '/api/sales?limit=1', {
      token: again.token,
    });
    expect(list.body.data.pagination.total).toBe(before.length);
    await stop(again);
  }, 240_000);

  it('a backup taken in the middle of a burst of sales is whole', async () => {
    const store = join(work, 'busy');
    const ctx = await start(store);
    const file = join(work, 'durante.tar.gz');
    // Three tills sell one sale after another until the backup is done, and a bit more.
    let selling = true;
    let made = 0;
    const tills = [1, 2, 3].map(async (quantity) => {
      while (selling) {
        await sell(ctx, quantity);
        made++;
      }
    });
    const taken = await cli('backup', store, file);
    await new Promise((r) => setTimeout(r, 300));
    selling = false;
    await Promise.all(tills);
    expect(taken.status).toBe(0);
    await stop(ctx);

    const restoredDir = join(work, 'busy-restored');
    expect((await cli('restore', restoredDir, file)).status).toBe(0);
    const database = await openDatabase({ pgliteDir: join(restoredDir, 'pglite') });
    try {
      const q = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
      const [row] = await q<{
        sales: number;
        lines: number;
        without_lines: number;
        cash: number;
        stock: number;
        sold: number;
      }>(`
        SELECT (SELECT count(*)::int FROM sales) AS sales,
               (SELECT count(*)::int FROM sale_items) AS lines,
               (SELECT count(*)::int FROM sales s WHERE NOT EXISTS (SELECT 1 FROM sale_items i WHERE i.sale_id = s.id)) AS without_lines,
               (SELECT count(*)::int FROM cash_flow_entries WHERE sale_id IS NOT NULL) AS cash,
               (SELECT current_stock FROM products WHERE id = '${ctx.productId}') AS stock,
               (SELECT coalesce(sum(quantity), 0)::int FROM sale_items WHERE product_id = '${ctx.productId}') AS sold`);
      expect(row!.sales).toBe(row!.lines);
      expect(row!.without_lines).toBe(0);
      expect(row!.cash).toBe(row!.sales);
      // The stock the backup holds is the stock before the burst minus what its sales took.
      expect(row!.stock + row!.sold).toBe(ctx.stock);
      expect(row!.sales).toBeGreaterThan(0);
      expect(row!.sales).toBeLessThan(made);
    } finally {
      await database.close();
    }
  }, 240_000);
});
