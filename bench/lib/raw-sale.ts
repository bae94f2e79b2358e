// The sale transaction of POST /api/sales, written as raw SQL and sent straight through
// node-postgres: the same statements on the same tables (key claimed, sale ids and
// products and customer read, products row-locked, sale and lines and cash entry
// inserted, stock written with new sync versions in one statement, answer stored),
// without HTTP, JSON, validation or the ORM. Its rate is the floor the API is measured
// against.
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
    await client.query(
      `INSERT INTO idempotency_keys (tenant_id, key, request_hash, status_code, response_body)
       VALUES ($1, $2, $3, 0, '{}') ON CONFLICT DO NOTHING RETURNING key`,
      [tenantId, key, key],
    );
    await client.query('SELECT id FROM sales WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, [saleId]]);
    const rows = await client.query<{ id: string; current_stock: number }>(
      `SELECT * FROM products WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [tenantId, ids],
    );
    await client.query('SELECT * FROM customers WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL', [
      tenantId,
      [store.customerId],
    ]);
    await client.query(
      `INSERT INTO sales (tenant_id, id, customer_id, customer_name, total, payment_method, payment_status,
                          sale_status, offline, sold_at)
       VALUES ($1, $2, $3, $4, $5, 'cash', 'pending', 'completed', true, now()) RETURNING *`,
      [tenantId, saleId, store.customerId, store.customerName, total],
    );
    await client.query(
      `INSERT INTO sale_items (tenant_id, sale_id, position, product_id, product_name, quantity, unit_price,
                               unit_cost, total_price)
       SELECT $1, $2, i - 1, (l->>'id')::uuid, l->>'name', (l->>'quantity')::int, (l->>'price')::bigint,
              (l->>'cost')::bigint, (l->>'price')::bigint * (l->>'quantity')::int
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(l, i) RETURNING *`,
      [tenantId, saleId, JSON.stringify(lines)],
    );
    await client.query(
      `INSERT INTO cash_flow_entries (tenant_id, date, type, description, category, amount, sale_id)
       VALUES ($1, (now() AT TIME ZONE 'America/Sao_Paulo')::date, 'income', 'Venda', 'Vendas', $2, $3)`,
      [tenantId, total, saleId],
    );
    const stock = new Map(rows.rows.map((r) => [r.id, r.current_stock]));
    const values = lines.map((l) => ({
      id: l.id,
      stock_from: stock.get(l.id)!,
      stock_to: stock.get(l.id)! - l.quantity,
    }));
    await client.query(
      `WITH x AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, stock_from int, stock_to int)),
            v AS (SELECT x.id, nextval('change_versions') AS version FROM x)
       UPDATE products AS p SET current_stock = x.stock_to, updated_at = now(),
              version = (SELECT max(v.version) FROM v WHERE v.id = p.id)
         FROM x WHERE p.tenant_id = $1 AND p.id = x.id AND p.current_stock = x.stock_from`,
      [tenantId, JSON.stringify(values)],
    );
    await client.query(
      `UPDATE idempotency_keys SET status_code = 201, response_body = $3::jsonb WHERE tenant_id = $1 AND key = $2`,
      [tenantId, key, JSON.stringify({ success: true, data: { id: saleId, total } })],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** `connections` clients running the raw sale transaction back to back for `seconds`, over `stores`. */
export async function rawSaleLoad(
  url: string,
  stores: readonly RawStore[],
  connections: number,
  seconds: number,
  random: () => number,
): Promise<RawResult> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
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
            latencies.push(performance.now() - started);
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
