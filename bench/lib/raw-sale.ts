// The sale transaction of POST /api/sales without the API: the server's own two statements
// (sales/create/sale-create-read.ts salesReadSql: the products locked, the customer share-locked,
// the sale id checked, the versions drawn after the locks, the key's stored answer;
// sales/create/sale-create-write.ts salesWriteSql: the sale, its lines and cash entry, the stock
// and the key with its answer), built by the same functions and sent straight through
// node-postgres as named prepared statements, as the server sends its hot statements
// (db/client.ts executeNamed). A numbered sale carries a till's number (a code no real
// till of the store has, and its sequence); a numberless one is given the store's next
// by the sales' trigger (db/functions.sql sale_number_fill, the same sequence the API
// takes from). Left out: HTTP, JSON, validation, the session check, the
// sale's rules (the rows are made here) and Drizzle's session. Its rate is the floor the
// API is measured against.
import { createHash, randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { answersInsertSql } from '../../src/server/core/idempotency';
import { salesReadSql } from '../../src/server/sales/create/sale-create-read';
import { salesWriteSql } from '../../src/server/sales/create/sale-create-write';
import { deviceCodeOf } from '../../src/shared/sale-number';
import { percentile } from './stats';
import { deviceSequence, type Numbering } from './till-numbers';

export interface RawStore {
  tenantId: string;
  customerId: string;
  customerName: string;
  products: { id: string; name: string; price: number; cost: number }[];
}

export interface RawResult {
  tps: number;
  p50: number;
  p99: number;
  transactions: number;
}

/** Stores and their first products and customer, as the raw transaction needs them. */
export async function rawStores(url: string, subdomains: readonly string[]): Promise<RawStore[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stores: RawStore[] = [];
    for (const subdomain of subdomains) {
      const t = await client.query<{ id: string }>('SELECT id FROM tenants WHERE subdomain = $1', [subdomain]);
      const tenantId = t.rows[0]!.id;
      const c = await client.query<{ id: string; name: string }>(
        'SELECT id, name FROM customers WHERE tenant_id = $1 AND active AND deleted_at IS NULL LIMIT 1',
        [tenantId],
      );
      const p = await client.query<{ id: string; name: string; price: string; cost: string }>(
        `SELECT id, name, sale_price AS price, cost_price AS cost FROM products
          WHERE tenant_id = $1 AND active AND deleted_at IS NULL ORDER BY sku LIMIT 200`,
        [tenantId],
      );
      stores.push({
        tenantId,
        customerId: c.rows[0]!.id,
        customerName: c.rows[0]!.name,
        products: p.rows.map((r) => ({ id: r.id, name: r.name, price: Number(r.price), cost: Number(r.cost) })),
      });
    }
    return stores;
  } finally {
    await client.end();
  }
}

const dialect = new PgDialect();

/** A statement the server builds, sent as a named prepared statement (named after its text). */
function named(statement: SQL): pg.QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name: `raw_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, values: params };
}

/** Device codes for the raw runs' numbers, far past any the stores handed out (one per store and run). */
let rawDevices = 600;

async function rawSale(
  client: pg.PoolClient,
  store: RawStore,
  random: () => number,
  number: string | undefined,
): Promise<void> {
  const { tenantId } = store;
  const count = 1 + Math.floor(random() * 3);
  const chosen = new Map<string, RawStore['products'][number]>();
  while (chosen.size < count) {
    const p = store.products[Math.floor(random() * store.products.length)]!;
    chosen.set(p.id, p);
  }
  const lines = [...chosen.values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((p) => ({ ...p, quantity: 1 + Math.floor(random() * 3) }));
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const key = randomUUID();
  const saleId = randomUUID();
  const now = new Date();
  const input = {
    id: saleId,
    customer_id: store.customerId,
    items: lines.map((l) => ({ product_id: l.id, quantity: l.quantity, unit_price: l.price })),
    payment_method: 'cash' as const,
    payment_status: 'pending' as const,
    sale_status: 'completed' as const,
    offline: true,
  };
  await client.query('BEGIN');
  try {
    const read = await client.query<{ products: { id: string; currentStock: number }[]; versions: string[] }>(
      named(salesReadSql(tenantId, [input], [key])),
    );
    const stock = new Map(read.rows[0]!.products.map((r) => [r.id, r.currentStock]));
    const versions = read.rows[0]!.versions;
    const answers = answersInsertSql(tenantId, [
      { key, requestHash: key, statusCode: 201, body: { success: true, data: { id: saleId, total } } },
    ]);
    const write = salesWriteSql(
      tenantId,
      {
        sales: [
          {
            tenantId,
            id: saleId,
            number,
            customerId: store.customerId,
            customerName: store.customerName,
            total,
            paymentMethod: 'cash',
            paymentStatus: 'pending',
            saleStatus: 'completed',
            offline: true,
            soldAt: now,
          },
        ],
        items: lines.map((l, position) => ({
          tenantId,
          saleId,
          position,
          productId: l.id,
          productName: l.name,
          quantity: l.quantity,
          unitPrice: l.price,
          unitCost: l.cost,
          totalPrice: l.price * l.quantity,
        })),
        cash: [
          {
            kind: 'sale',
            tenantId,
            saleId,
            date: now.toISOString().slice(0, 10),
            description: 'Venda',
            amount: total,
            paymentMethod: 'cash',
          },
        ],
        payments: [{ tenantId, saleId, seq: 1, method: 'cash', amount: total }],
        receivables: [],
        conflicts: [],
        movements: lines.map((l) => ({
          tenantId,
          productId: l.id,
          kind: 'sale' as const,
          quantity: -l.quantity,
          stockAfter: stock.get(l.id)! - l.quantity,
          saleId,
          createdAt: now,
        })),
        stock: lines.map((l, i) => ({
          productId: l.id,
          from: stock.get(l.id)!,
          to: stock.get(l.id)! - l.quantity,
          version: Number(versions[i]),
        })),
      },
      now,
      answers,
    );
    await client.query(named(write));
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * `connections` clients running the raw sale transaction back to back for `seconds`, over
 * `stores`, numbered as a till's sales or not, after `warmupS` seconds of the same on the same connections (not counted).
 */
export async function rawSaleLoad(
  url: string,
  stores: readonly RawStore[],
  connections: number,
  seconds: number,
  random: () => number,
  warmupS = 0,
  numbering: Numbering = 'numberless',
): Promise<RawResult> {
  const numbers = new Map(
    stores.map((s) => [s.tenantId, numbering === 'numbered' ? deviceSequence(deviceCodeOf(rawDevices++)) : null]),
  );
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // A connection the benchmark's database drop ends must not crash the process.
  pool.on('error', () => undefined);
  const latencies: number[] = [];
  const warmEnd = Date.now() + warmupS * 1000;
  const end = warmEnd + seconds * 1000;
  let n = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect();
        try {
          while (Date.now() < end) {
            const store = stores[n++ % stores.length]!;
            const started = performance.now();
            await rawSale(client, store, random, numbers.get(store.tenantId)?.() ?? undefined);
            if (Date.now() >= warmEnd) latencies.push(performance.now() - started);
          }
        } finally {
          client.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return {
    tps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    transactions: latencies.length,
  };
}
