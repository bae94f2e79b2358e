// The sale transaction of POST /api/sales, written as raw SQL and sent straight through
// node-postgres: the same statements on the same tables, shaped as the server sends them
// (one read locking the products and the customer, checking the sale id, drawing the
// sync versions and reading the key's stored answer; one write of the sale, its lines and
// cash entry, the stock and the key with its answer), without HTTP, JSON, validation, the session check or
// the ORM. Named prepared statements, as the server's hot statements are (db/client.ts
// executeNamed). Its rate is the floor the API is measured against.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentile } from './stats';

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

async function rawSale(client: pg.PoolClient, store: RawStore, random: () => number): Promise<void> {
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
  const ids = lines.map((l) => l.id);
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const key = randomUUID();
  const saleId = randomUUID();
  await client.query('BEGIN');
  try {
    // One read: products locked, the customer share-locked, the sale id checked, the
    // versions drawn after the locks, the key's stored answer (as sales/sale-reads.ts).
    const read = await client.query<{ products: { id: string; current_stock: number }[]; versions: string[] }>({
      name: 'raw_read',
      text: `WITH p AS (SELECT * FROM products WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE),
            c AS (SELECT * FROM customers WHERE tenant_id = $1 AND id = $3 AND deleted_at IS NULL ORDER BY id FOR SHARE),
            v AS (SELECT nextval('change_versions') AS version FROM generate_series(1, $5::int)
                   WHERE (SELECT count(*) FROM p) + (SELECT count(*) FROM c) >= 0)
       SELECT (SELECT json_agg(p) FROM p) AS products, (SELECT json_agg(c) FROM c) AS customers,
              (SELECT json_agg(s.id) FROM sales s WHERE s.tenant_id = $1 AND s.id = $4) AS taken,
              (SELECT json_agg(version::text ORDER BY version) FROM v) AS versions,
              (SELECT json_build_object('status', k.status_code, 'hash', k.request_hash, 'body', k.response_body)
                 FROM idempotency_keys k WHERE k.tenant_id = $1 AND k.key = $6) AS stored`,
      values: [tenantId, ids, store.customerId, saleId, lines.length, key],
    });
    const stock = new Map(read.rows[0]!.products.map((r) => [r.id, r.current_stock]));
    const versions = read.rows[0]!.versions;
    // One write: the sale, its lines and cash entry, the stock and the stored answer.
    const values = lines.map((l, i) => ({
      id: l.id,
      stock_from: stock.get(l.id)!,
      stock_to: stock.get(l.id)! - l.quantity,
      version: Number(versions[i]),
    }));
    await client.query({
      name: 'raw_write',
      text: `WITH w0 AS (INSERT INTO sales (tenant_id, id, customer_id, customer_name, total, payment_method, payment_status,
                                      sale_status, offline, sold_at)
                   VALUES ($1, $2, $7, $8, $9, 'cash', 'pending', 'completed', true, now())),
       w1 AS (INSERT INTO sale_items (tenant_id, sale_id, position, product_id, product_name, quantity, unit_price,
                                      unit_cost, total_price)
              SELECT $1, $2, i - 1, (l->>'id')::uuid, l->>'name', (l->>'quantity')::int, (l->>'price')::bigint,
                     (l->>'cost')::bigint, (l->>'price')::bigint * (l->>'quantity')::int
                FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(l, i)),
       w2 AS (INSERT INTO cash_flow_entries (tenant_id, date, type, description, category, amount, sale_id)
              VALUES ($1, (now() AT TIME ZONE 'America/Sao_Paulo')::date, 'income', 'Venda', 'Vendas', $9, $2)),
       w3 AS (INSERT INTO idempotency_keys (tenant_id, key, request_hash, status_code, response_body)
              VALUES ($1, $5, $5, 201, $6::jsonb))
       UPDATE products AS p SET current_stock = x.stock_to, version = x.version, updated_at = now()
         FROM jsonb_to_recordset($4::jsonb) AS x(id uuid, stock_from int, stock_to int, version bigint)
        WHERE p.tenant_id = $1 AND p.id = x.id AND p.current_stock = x.stock_from`,
      values: [
        tenantId,
        saleId,
        JSON.stringify(lines),
        JSON.stringify(values),
        key,
        JSON.stringify({ success: true, data: { id: saleId, total } }),
        store.customerId,
        store.customerName,
        total,
      ],
    });
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * `connections` clients running the raw sale transaction back to back for `seconds`, over
 * `stores`, after `warmupS` seconds of the same on the same connections (not counted).
 */
export async function rawSaleLoad(
  url: string,
  stores: readonly RawStore[],
  connections: number,
  seconds: number,
  random: () => number,
  warmupS = 0,
): Promise<RawResult> {
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
            await rawSale(client, store, random);
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
