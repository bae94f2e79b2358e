// Searches ignore case and accents the same way everywhere: balcao_fold in SQL is the app's
// foldText (one rule, on PGlite and PostgreSQL), every list's search finds 'Calça' by
// 'calca' and 'José' by 'jose' (and the other way round), and the search indexes, tenant_id
// first, serve the conditions the services write.
import fc from 'fast-check';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { foldText } from '../../shared/text';
import { accountsPayable, customers, products, sales } from '../db/schema';
import { NO_STORE, useTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { containsFolded } from './like';

/** The rows of a raw statement (both drivers answer { rows }). */
async function rowsOf<T>(run: Promise<unknown>): Promise<T[]> {
  return ((await run) as { rows: T[] }).rows;
}

/** Letters a Brazilian shop writes, their capitals and accents, and some neighbours. */
const LETTERS = [
  ...'abcçdeéêfghiíjklmnoóôõpqrstuúüvwxyzàáâãèìòùñ',
  ...'ABCÇDEÉÊFGHIÍJKLMNOÓÔÕPQRSTUÚÜVWXYZÀÁÂÃÈÌÒÙÑ',
  ...'0123456789 -_./%\\&ºª°',
  ...'ÅåÄäÖöËëÏïŸÿÝýĀāĂăĄąĆćČčĎďĒēĘęĚěĞğĪīİıŁłŃńŇňŌōŐőŒœŘřŚśŞşŠšŢţŤťŪūŮůŰűŹźŻżŽžØøÆæßÐðÞþ',
  'e\u0301', // an accent typed as its own mark (NFD already)
];

describe.each(databases())('busca sem acento nem caixa (%s)', (kind) => {
  let { ctx, http, admin, tenantId } = NO_STORE;

  const foldInDb = async (texts: string[]): Promise<string[]> => {
    const rows = await rowsOf<{ folded: string }>(
      ctx.db.execute(
        sql`SELECT balcao_fold(t) AS folded FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
      ),
    );
    return rows.map((row) => row.folded);
  };

  useTestStore(kind, (store) => ({ ctx, http, admin, tenantId } = store));

  it('balcao_fold is foldText: the same text for every string of a shop', async () => {
    expect(await foldInDb(['Calça Jeans', 'JOSÉ DA CONCEIÇÃO', 'Açaí Pão', 'İstanbul', 'e\u0301'])).toEqual([
      'calca jeans',
      'jose da conceicao',
      'acai pao',
      'istanbul',
      'e',
    ]);
    const samples = fc.sample(
      fc.array(fc.constantFrom(...LETTERS), { maxLength: 24 }).map((cs) => cs.join('')),
      {
        numRuns: 2_000,
        seed: 19,
      },
    );
    samples.push(LETTERS.join(''));
    expect(await foldInDb(samples)).toEqual(samples.map(foldText));
  });

  it('products, customers, receivables, payables and sales find with or without accents and capitals', async () => {
    const byName = async (path: string, list: string, search: string, field: (row: never) => string) => {
      const res = await http.get(`${path}?search=${encodeURIComponent(search)}&limit=100`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data[list] as never[]).map(field).sort();
    };
    const names = (row: { name: string }) => row.name;

    // The demo's 'Calça Jeans Slim' (several sizes), and one written without the accent.
    await makeProduct(ctx.db, tenantId, { stock: 1, name: 'Calca sem Acento' });
    const calca = await byName('/api/products', 'products', 'calca', names);
    expect(calca).toContain('Calça Jeans Slim');
    expect(calca).toContain('Calca sem Acento');
    expect(await byName('/api/products', 'products', 'CALÇA', names)).toEqual(calca);

    const jose = await http.post('/api/customers', { name: 'José Conceição' }, { token: admin });
    const josefa = await http.post('/api/customers', { name: 'JOSEFA ARAUJO' }, { token: admin });
    expect(await byName('/api/customers', 'customers', 'jose', names)).toEqual(['JOSEFA ARAUJO', 'José Conceição']);
    expect(await byName('/api/customers', 'customers', 'conceicao', names)).toEqual(['José Conceição']);
    expect(await byName('/api/customers', 'customers', 'josefa araújo', names)).toEqual(['JOSEFA ARAUJO']);

    const due = addDays(todayIso(), 5);
    for (const customer of [jose, josefa]) {
      const res = await http.post(
        '/api/accounts-receivable',
        { description: 'Ajuste', customer_id: customer.body.data.id, amount: 10, due_date: due },
        { token: admin },
      );
      expect(res.status).toBe(201);
    }
    const customerOf = (row: { customer: { name: string } }) => row.customer.name;
    expect(await byName('/api/accounts-receivable', 'accountsReceivable', 'jose', customerOf)).toEqual([
      'JOSEFA ARAUJO',
      'José Conceição',
    ]);
    expect(await byName('/api/accounts-receivable', 'accountsReceivable', 'JOSÉ C', customerOf)).toEqual([
      'José Conceição',
    ]);

    for (const [supplier, description] of [
      ['Transportes Rápido', 'Frete de março'],
      ['Gráfica Ágil', 'Anúncio'],
    ]) {
      const res = await http.post(
        '/api/accounts-payable',
        { supplier_name: supplier, description, amount: 10, due_date: due, category: 'Serviços' },
        { token: admin },
      );
      expect(res.status).toBe(201);
    }
    const supplierOf = (row: { supplier_name: string }) => row.supplier_name;
    expect(await byName('/api/accounts-payable', 'accountsPayable', 'rapido', supplierOf)).toEqual([
      'Transportes Rápido',
    ]);
    expect(await byName('/api/accounts-payable', 'accountsPayable', 'MARCO', supplierOf)).toEqual([
      'Transportes Rápido',
    ]);
    expect(await byName('/api/accounts-payable', 'accountsPayable', 'anuncio', supplierOf)).toEqual(['Gráfica Ágil']);

    const product = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const sale = await http.post('/api/sales', saleBody(jose.body.data.id, [{ product, quantity: 1 }]), {
      token: admin,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const customerNameOf = (row: { customer_name: string }) => row.customer_name;
    expect(await byName('/api/sales', 'sales', 'jose conceicao', customerNameOf)).toEqual(['José Conceição']);
  });

  it('the search indexes answer the searches of a store with many rows, tenant_id first', async () => {
    const other = ctx.other.tenant.id;
    const customer = await makeCustomer(ctx.db, other, 'Cliente Gerado');
    await ctx.db.execute(sql`
      INSERT INTO products (tenant_id, sku, name)
        SELECT ${other}, 'GEN-' || g, 'Gerado ' || g FROM generate_series(1, 3000) g`);
    await ctx.db.execute(sql`
      INSERT INTO customers (tenant_id, name) SELECT ${other}, 'Gerado ' || g FROM generate_series(1, 3000) g`);
    await ctx.db.execute(sql`
      INSERT INTO accounts_payable (tenant_id, supplier_name, description, amount, due_date, category)
        SELECT ${other}, 'Gerado ' || g, 'Gerada ' || g, 100, '2026-01-10', 'Serviços' FROM generate_series(1, 3000) g`);
    await ctx.db.execute(sql`
      INSERT INTO sales (tenant_id, customer_id, customer_name, total, payment_method, payment_status, sale_status, created_by)
        SELECT ${other}, ${customer.id}, 'Gerado ' || g, 100, 'cash', 'paid', 'completed', ${ctx.other.admin.id}
          FROM generate_series(1, 3000) g`);
    await ctx.db.execute(sql`ANALYZE products, customers, accounts_payable, sales`);
    // At a few thousand rows the planner finds reading the whole table about as cheap as the
    // index (it picks the index on its own as the store grows): with the table's own reading
    // off, the plan shows what an index can answer.
    const planOf = (table: SQL, column: AnyColumn, tenant: AnyColumn) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await rowsOf<Record<string, string>>(
          tx.execute(
            sql`EXPLAIN SELECT 1 FROM ${table} WHERE ${tenant} = ${other} AND ${containsFolded(column, 'GERADO 1234')}`,
          ),
        );
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const cases: [SQL, AnyColumn, AnyColumn, string][] = [
      [sql`${products}`, products.name, products.tenantId, 'products_search_idx'],
      [sql`${products}`, products.sku, products.tenantId, 'products_search_idx'],
      [sql`${customers}`, customers.name, customers.tenantId, 'customers_search_idx'],
      [sql`${accountsPayable}`, accountsPayable.supplierName, accountsPayable.tenantId, 'accounts_payable_search_idx'],
      [sql`${accountsPayable}`, accountsPayable.description, accountsPayable.tenantId, 'accounts_payable_search_idx'],
      [sql`${sales}`, sales.customerName, sales.tenantId, 'sales_search_idx'],
    ];
    for (const [table, column, tenant, index] of cases) {
      const plan = await planOf(table, column, tenant);
      expect(plan).toMatch(`Index Scan on ${index}`);
      expect(plan).toMatch(/Index Cond: \(\(tenant_id = .* AND \(balcao_fold\(/);
    }
  });
});
