// Export -> edit in Excel -> import: the CSV that Produtos' and Clientes' 'Exportar' write
// (the app's own rows and file writer) read back by the import. Read back unedited, nothing
// changes ('sem alteração' for every row); with one cell edited, only that row updates,
// and a customer without a CPF/CNPJ is found by name, never created twice. On PGlite and
// on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerListResponseSchema } from '../../src/shared/contract/customers';
import { ProductListResponseSchema } from '../../src/shared/contract/products';
import { customerRows } from '../../src/app/features/customers/customers-csv';
import { productRows } from '../../src/app/features/products/products-csv';
import { toCsv, type CsvRow } from '../../src/app/lib/csv';
import { NO_STORE, openTestStore } from '../../src/server/test/helpers';
import { databases } from '../../src/server/test/testDb';

describe.each(databases())('export, edit, import (%s)', (kind) => {
  const s = { ...NO_STORE };
  beforeAll(async () => {
    Object.assign(s, await openTestStore(kind));
  });
  afterAll(() => s.ctx?.close());

  const list = async (path: string) => {
    const res = await s.http.get(path, { token: s.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const products = async () => ProductListResponseSchema.parse(await list('/api/products?limit=100')).data.products;
  const customers = async () => CustomerListResponseSchema.parse(await list('/api/customers?limit=100')).data.customers;
  const send = (path: string, rows: readonly CsvRow[], key?: string) =>
    s.http.post(`/api/imports/${path}`, Buffer.from(toCsv(rows), 'utf8'), {
      token: s.admin,
      headers: { 'content-type': 'application/octet-stream', ...(key ? { 'Idempotency-Key': key } : {}) },
    });
  /** The rows with the cell under `header` of the row where `find` is, set to `value`. */
  const edited = (rows: CsvRow[], find: string, header: string, value: string): CsvRow[] => {
    const column = rows[0]!.indexOf(header);
    return rows.map((row) => (row.includes(find) ? row.map((cell, i) => (i === column ? value : cell)) : row));
  };

  it('products: the export read back changes nothing; an edited price updates that product only', async () => {
    // Fiscal data on some: an NCM of chapter 01 (its leading zero), CEST, CFOP, CSOSN, origem, unit.
    const [first, second] = (await products()).slice(0, 2);
    for (const [p, fiscal] of [
      [first!, { ncm: '01012100', cest: '0102000', cfop: '5405', csosn: '500', origin: 0, unit: 'KG' }],
      [second!, { ncm: '61091000', origin: 2 }],
    ] as const) {
      const res = await s.http.put(`/api/products/${p.id}`, fiscal, { token: s.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const before = await products();
    expect(before.length).toBeGreaterThan(3);
    const rows = productRows(before);
    const same = await send('products/preview', rows);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: before.length, errors: 0 });

    const target = before[1]!;
    const changed = await send('products', edited(rows, target.sku, 'Preço de venda (R$)', '1.234,56'), 'rt-products');
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body.data.counts).toMatchObject({ created: 0, updated: 1, unchanged: before.length - 1 });
    const after = await products();
    expect(after.find((p) => p.id === target.id)).toMatchObject({
      sale_price: 1234_56,
      current_stock: target.current_stock,
    });
    expect(after.filter((p) => p.id !== target.id)).toEqual(before.filter((p) => p.id !== target.id));
  });

  it('customers: the export read back changes nothing; an edited phone updates that customer, found by name without a CPF', async () => {
    const made = await s.http.post(
      '/api/customers',
      { name: 'Cliente Sem Documento', phone: '(11) 3333-4444', credit_limit: 150 },
      { token: s.admin, headers: { 'Idempotency-Key': 'rt-customer' } },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const before = await customers();
    const exported = before.filter((c) => !c.final_consumer);
    const rows = customerRows(before);
    expect(rows).toHaveLength(exported.length + 1);
    const same = await send('customers/preview', rows);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: exported.length, errors: 0 });

    const changed = await send(
      'customers',
      edited(rows, 'Cliente Sem Documento', 'Telefone', '(11) 95555-6666'),
      'rt-c',
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body.data.counts).toMatchObject({ created: 0, updated: 1, unchanged: exported.length - 1 });
    const after = await customers();
    expect(after).toHaveLength(before.length);
    expect(after.find((c) => c.id === made.body.data.id)).toMatchObject({
      phone: '(11) 95555-6666',
      credit_limit: 150_00,
    });
  });
});
