// A spreadsheet of 50,000 products (CSV as Excel in pt-BR saves it: Windows-1252, ';') on
// PGlite: the preview and the confirm through the app (app.inject: the server's whole work,
// the file as the request body, no network), the process's peak memory during each (RSS
// and JS heap above where it started, sampled every 20 ms), beside the raw bulk insert of
// the same rows (one INSERT from a JSON array, products and their movements, in a
// transaction) on the same database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { DEMO, seedDemo } from '../src/server/demo/seed';
import { excelCsv } from '../src/server/imports/sheet-fixtures';
import { login, request } from '../src/server/test/helpers';
import { withGtinCheckDigit } from '../src/shared/gtin';
import { IMPORT_ROWS as ROWS } from './lib/config';
import { verdict, type BenchPart } from './lib/report';
import { fmt } from './lib/stats';

const MB = 1024 * 1024;

function sheetRows(prefix: string): string[][] {
  const rows = [['Código', 'Cód. barras', 'Descrição', 'Preço', 'Custo', 'Qtd', 'Tamanho', 'Cor']];
  for (let i = 1; i <= ROWS; i++) {
    const price = 990 + (i % 5000);
    rows.push([
      `${prefix}-${i}`,
      withGtinCheckDigit(`78${String(i).padStart(10, '0')}`),
      `Calça Importação ${i}`,
      `${Math.trunc(price / 100)},${String(price % 100).padStart(2, '0')}`,
      `${Math.trunc(price / 200)},50`,
      String(i % 40),
      ['P', 'M', 'G'][i % 3]!,
      'Azul',
    ]);
  }
  return rows;
}

/** Runs `fn`, sampling memory: ms taken and the peak RSS and heap above their start, in MB. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; rssMb: number; heapMb: number }> {
  global.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - t0, rssMb: (rss - start.rss) / MB, heapMb: (heap - start.heapUsed) / MB };
  } finally {
    clearInterval(timer);
  }
}

export const importsPart: BenchPart = {
  name: 'import',
  title: `Importação de planilha: ${ROWS.toLocaleString('pt-BR')} produtos (PGlite)`,
  budgetMin: 10,
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
    const database = await openDatabase({ pgliteDir: join(dir, 'db') });
    try {
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
        const path = join(dir, 'catalogo.csv');
        writeFileSync(path, excelCsv(sheetRows('IMP')));
        const bytes = readFileSync(path);
        ctx.note('arquivo', `${fmt(bytes.length / MB, 1)} MB, ${ROWS.toLocaleString('pt-BR')} linhas`);
        const send = (url: string, headers: Record<string, string> = {}) =>
          request(app, 'POST', url, {
            token: accessToken,
            body: bytes,
            headers: { 'content-type': 'application/octet-stream', ...headers },
          });
        const preview = await measured(() => send('/api/imports/products/preview?file_name=catalogo.csv'));
        if (preview.value.status !== 200) throw new Error(`prévia: ${preview.value.status}`);
        const counts = preview.value.body.data.counts as { created: number };
        if (counts.created !== ROWS) throw new Error(`prévia: ${counts.created} novos de ${ROWS}`);
        ctx.row({
          medida: 'prévia (ler, validar, comparar com a loja)',
          resultado: `${fmt(preview.ms / 1000, 2)} s`,
          meta: '< 10 s',
          situação: verdict(preview.ms < 10_000),
        });
        ctx.note(
          'memória na prévia: pico acima do início (RSS / heap JS)',
          `${fmt(preview.rssMb, 0)} / ${fmt(preview.heapMb, 0)} MB`,
        );
        const confirm = await measured(() =>
          send('/api/imports/products?file_name=catalogo.csv', { 'Idempotency-Key': randomUUID() }),
        );
        if (confirm.value.status !== 201) throw new Error(`confirmação: ${confirm.value.status}`);
        ctx.row({
          medida: 'confirmação (uma transação: produtos, estoque, movimentos)',
          resultado: `${fmt(confirm.ms / 1000, 2)} s`,
          meta: '< 30 s',
          situação: verdict(confirm.ms < 30_000),
        });
        ctx.note(
          'memória na confirmação: pico acima do início (RSS / heap JS)',
          `${fmt(confirm.rssMb, 0)} / ${fmt(confirm.heapMb, 0)} MB`,
        );
        ctx.note(
          'piso: INSERT cru das mesmas linhas (produtos + movimentos, uma transação)',
          `${fmt((await rawFloor(database.db)) / 1000, 2)} s`,
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** The same rows (other codes) written by hand: one INSERT of the products, one of their movements. */
async function rawFloor(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  const rows = sheetRows('RAW').slice(1);
  const json = JSON.stringify(
    rows.map(([sku, barcode, name, price, cost, qtd, size, color]) => ({
      sku,
      barcode: `9${barcode!.slice(1, -1)}${withGtinCheckDigit(`9${barcode!.slice(1, -1)}`).slice(-1)}`,
      name,
      sale_price: Math.round(Number(price!.replace(',', '.')) * 100),
      cost_price: Math.round(Number(cost!.replace(',', '.')) * 100),
      stock: Number(qtd),
      size,
      color,
    })),
  );
  // Statistics of the catalogue as it now is (the import left 50,000 rows): the floor's
  // checks are planned for the table's real size, as the import's own are.
  await db.execute(sql`ANALYZE products`);
  const t0 = performance.now();
  await db.transaction(async (t) => {
    const found = await t.execute(sql`SELECT id FROM tenants WHERE subdomain = 'demo'`);
    const [tenant] = (found as unknown as { rows: { id: string }[] }).rows;
    await t.execute(sql`WITH made AS (
        INSERT INTO products (tenant_id, sku, barcode, name, size, color, sale_price, cost_price, current_stock)
        SELECT ${tenant!.id}, x.sku, x.barcode, x.name, x.size, x.color, x.sale_price, x.cost_price, x.stock
          FROM jsonb_to_recordset(${json}::jsonb) AS x(sku text, barcode text, name text, size text, color text,
               sale_price bigint, cost_price bigint, stock integer)
        RETURNING id, current_stock)
      INSERT INTO stock_movements (tenant_id, product_id, kind, quantity, stock_after, reason)
      SELECT ${tenant!.id}, id, 'import', current_stock, current_stock, 'piso' FROM made WHERE current_stock <> 0`);
  });
  return performance.now() - t0;
}
