// An NF-e of 500 lines on PostgreSQL: the preview (parse, match each line by barcode or
// the supplier code's link) and the confirm (one transaction: entry, lines, stock, costs,
// links, payables), through the app (app.inject: the server's whole work, no network),
// beside a raw SQL floor doing the same writes in five statements. The first note creates
// its 500 products; the following ones (same supplier, same codes) enter as links.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { DEMO, seedDemo } from '../src/server/demo/seed';
import { login, request } from '../src/server/test/helpers';
import { manyLines, nfeXml } from '../src/server/test/nfe-xml';
import { withPostgres } from './lib/postgres';
import { verdict, type BenchPart } from './lib/report';
import { fmt, percentile } from './lib/stats';

const LINES = 500;
const RUNS = 6;
const STORE_CNPJ = '11222333000181';
const SUPPLIER = '44555666000181';

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
};

export const nfeEntryPart: BenchPart = {
  name: 'nfe',
  title: `NF-e de ${LINES} itens: prévia e confirmação (PostgreSQL)`,
  budgetMin: 10,
  async run(ctx) {
    await withPostgres('nfe', async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 5 });
      await database.migrate();
      await seedDemo(database.db);
      const app = await buildApp({
        db: database,
        config: {
          jwtSecret: 'segredo-do-bench-com-mais-de-32-caracteres',
          fiscalSecret: 'segredo-fiscal-do-bench-com-mais-de-32-caracteres',
          distDir: null,
        },
      });
      try {
        const { accessToken } = await login(app, DEMO.admin.email, DEMO.admin.password);
        const previews: number[] = [];
        const confirms: number[] = [];
        const lines = manyLines(LINES);
        for (let run = 0; run < RUNS; run++) {
          const { xml } = nfeXml({ number: 10_000 + run, supplier_cnpj: SUPPLIER, recipient_cnpj: STORE_CNPJ, lines });
          const [preview, previewMs] = await timed(() =>
            request(app, 'POST', '/api/stock-entries/nfe/preview', { token: accessToken, body: { xml } }),
          );
          if (preview.status !== 200) throw new Error(`prévia: ${preview.status} ${JSON.stringify(preview.body)}`);
          const choices = (preview.body.data.lines as { item_number: number; product: { id: string } | null }[]).map(
            (l) =>
              l.product
                ? { item_number: l.item_number, product_id: l.product.id }
                : {
                    item_number: l.item_number,
                    new_product: { name: `Produto ${l.item_number}`, sku: `NFE-${l.item_number}` },
                  },
          );
          const [confirm, confirmMs] = await timed(() =>
            request(app, 'POST', '/api/stock-entries', {
              token: accessToken,
              headers: { 'Idempotency-Key': randomUUID() },
              body: { xml, lines: choices, payment: { kind: 'due', due_date: '2030-01-10' } },
            }),
          );
          if (confirm.status !== 201)
            throw new Error(`confirmação: ${confirm.status} ${JSON.stringify(confirm.body).slice(0, 300)}`);
          previews.push(previewMs);
          confirms.push(confirmMs);
          if (run === 0)
            ctx.note(
              '1ª nota (cria 500 produtos): prévia / confirmação',
              `${fmt(previewMs, 0)} ms / ${fmt(confirmMs, 0)} ms`,
            );
        }
        const later = (xs: number[]) => xs.slice(1);
        const previewP = percentile(later(previews), 50);
        const confirmP = percentile(later(confirms), 50);
        const worstPreview = Math.max(...previews);
        const worstConfirm = Math.max(...confirms);
        ctx.row({
          medida: `prévia, mediana das notas 2..${RUNS} (máx. de todas)`,
          resultado: `${fmt(previewP, 0)} ms (${fmt(worstPreview, 0)} ms)`,
          meta: '< 1 s',
          situação: verdict(previewP < 1000),
        });
        ctx.row({
          medida: `confirmação, mediana das notas 2..${RUNS} (máx. de todas)`,
          resultado: `${fmt(confirmP, 0)} ms (${fmt(worstConfirm, 0)} ms)`,
          meta: '< 2 s',
          situação: verdict(confirmP < 2000),
        });
        ctx.note(
          'piso SQL da confirmação (mesmas escritas, 5 comandos numa transação)',
          `${fmt(await rawFloor(url), 0)} ms`,
        );
      } finally {
        await app.close();
        await database.close();
      }
    });
  },
};

/** The confirm's writes by hand: entry, stock and cost of 500 products, 500 lines, links, one payable. */
async function rawFloor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tenant } = await client.query<{ id: string }>(`SELECT id FROM tenants WHERE subdomain = 'demo'`);
    const tenantId = tenant[0]!.id;
    const { rows: ids } = await client.query<{ id: string }>(
      `SELECT id FROM products WHERE tenant_id = $1 AND sku LIKE 'NFE-%' ORDER BY sku LIMIT ${LINES}`,
      [tenantId],
    );
    const items = ids.map((r, i) => ({ id: r.id, item: i + 1, units: (i % 12) + 1, cost: 100 + i, code: `R${i}` }));
    const json = JSON.stringify(items);
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const [, ms] = await timed(async () => {
        await client.query('BEGIN');
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO stock_entries (tenant_id, access_key, number, series, issued_at, supplier_document, supplier_name, total, line_count)
           VALUES ($1, $2, 1, 1, now(), $3, 'Piso', 100, ${LINES}) RETURNING id`,
          [tenantId, `PISO${run}-${Date.now()}`, SUPPLIER],
        );
        await client.query(
          `UPDATE products p SET current_stock = p.current_stock + x.units, cost_price = x.cost, updated_at = now()
             FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, units int, cost bigint)
            WHERE p.tenant_id = $1 AND p.id = x.id`,
          [tenantId, json],
        );
        await client.query(
          `INSERT INTO stock_entry_lines (tenant_id, entry_id, item_number, product_id, supplier_code, description, ncm, unit, quantity, units_per_package, units, unit_cost, total)
           SELECT $1, $2, x.item, x.id, x.code, 'PISO', '21069090', 'UN', x.units, 1, x.units, x.cost, x.units * x.cost
             FROM jsonb_to_recordset($3::jsonb) AS x(id uuid, item int, units int, cost bigint, code text)`,
          [tenantId, rows[0]!.id, json],
        );
        await client.query(
          `INSERT INTO supplier_product_links (tenant_id, supplier_document, supplier_code, product_id, units_per_package)
           SELECT $1, 'PISO', x.code, x.id, 1 FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, code text)
           ON CONFLICT (tenant_id, supplier_document, supplier_code) DO UPDATE SET product_id = excluded.product_id`,
          [tenantId, json],
        );
        await client.query(
          `INSERT INTO accounts_payable (tenant_id, supplier_name, description, amount, due_date, category)
           VALUES ($1, 'Piso', 'NF-e 1/1', 100, current_date, 'Mercadorias para revenda')`,
          [tenantId],
        );
        await client.query('COMMIT');
      });
      times.push(ms);
    }
    return percentile(times, 50);
  } finally {
    await client.end();
  }
}
