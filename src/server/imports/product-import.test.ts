// Products from a spreadsheet through the API: preview (counts and errors, nothing
// written), confirm (create, update by Código and by barcode, stock as a count and as an
// entry, each change a movement with who), the same file twice, a row identical to the
// product, another store. On PGlite and on PostgreSQL when DATABASE_URL is set.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withGtinCheckDigit } from '../../shared/gtin';
import { imports, products } from '../db/schema';
import { databases } from '../test/testDb';
import { importsSuite } from './imports-fixtures';
import { excelCsv, xlsxOf } from './sheet-fixtures';

const EAN_A = withGtinCheckDigit('789000000101');
const EAN_B = withGtinCheckDigit('789000000102');
const EAN_C = withGtinCheckDigit('789000000103');

describe.each(databases())('products import (%s)', (kind) => {
  const { s, preview, confirm, productBySku, movementsOf, productCoded } = importsSuite(kind);
  const productCount = async () =>
    (await s.ctx.db.select({ n: count() }).from(products).where(eq(products.tenantId, s.tenantId)))[0]!.n;

  it('previews a Windows-1252 CSV: guessed mapping, counts and each error by line and column, writing nothing', async () => {
    await productCoded('IMP-UPD', { name: 'Camiseta', price: 30_00, cost: 10_00, stock: 4 });
    const before = await productCount();
    const file = excelCsv([
      ['Código', 'Cód. barras', 'Descrição', 'Preço', 'Custo', 'Qtd', 'Tamanho'],
      ['IMP-NEW', EAN_A, 'Calça jeans', '1.234,56', '600', '10', 'M'],
      ['IMP-UPD', '', 'Camiseta', '35,00', '10', '4', ''],
      ['IMP-BAD', '', 'Bermuda', '12,5O', '', '-3', ''],
      ['IMP-BAD2', '7890000001019', 'Boné', '10', '', '', ''],
    ]);
    const res = await preview('products', file, { file_name: 'estoque.csv' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.mapping).toEqual({
      sku: 0,
      barcode: 1,
      name: 2,
      size: 6,
      color: null,
      sale_price: 3,
      cost_price: 4,
      stock: 5,
      minimum_stock: null,
      active: null,
      ncm: null,
      cest: null,
      cfop: null,
      csosn: null,
      origin: null,
      unit: null,
    });
    expect(data.columns[2]).toEqual({ index: 2, header: 'Descrição', samples: ['Calça jeans', 'Camiseta', 'Bermuda'] });
    expect(data.counts).toEqual({ created: 1, updated: 1, unchanged: 0, errors: 2 });
    expect(data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Linha 4, Preço de venda: "12,5O" não é um valor',
      'Linha 4, Estoque: "-3" não pode ser negativo',
      'Linha 5, Código de barras: "7890000001019" não é um código de barras válido (o dígito verificador não confere.)',
    ]);
    expect(data.already_imported).toBeNull();
    expect(await productCount()).toBe(before);
  });

  it('confirms only the valid rows: creates, updates by Código, stock set as a count with its movement and who', async () => {
    const kept = await productCoded('SET-1', { name: 'Meia', price: 5_00, cost: 2_00, stock: 7 });
    const file = excelCsv([
      ['Código', 'Código de barras', 'Produto', 'Preço de venda', 'Preço de custo', 'Estoque'],
      ['SET-NEW', EAN_B, 'Calça sarja', '1.234,56', '600,00', '10'],
      ['set-1', '', 'Meia soquete', '5,00', '2,00', '3'],
      ['SET-ERR', '', 'Sem preço', 'abc', '', ''],
    ]);
    const res = await confirm('products', file, { file_name: 'contagem.csv', stock_mode: 'set' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'products',
      file_name: 'contagem.csv',
      stock_mode: 'set',
      counts: { created: 1, updated: 1, unchanged: 0, errors: 1 },
      created_by_name: 'Administrador Demo',
    });
    const made = await productBySku('SET-NEW');
    expect(made).toMatchObject({
      name: 'Calça sarja',
      barcode: EAN_B,
      salePrice: 1234_56,
      costPrice: 600_00,
      currentStock: 10,
    });
    expect(await movementsOf(made!.id)).toMatchObject([
      { kind: 'import', quantity: 10, stockAfter: 10, reason: 'contagem.csv', userId: expect.any(String) },
    ]);
    expect(await productBySku('SET-1')).toMatchObject({ id: kept.id, name: 'Meia soquete', currentStock: 3 });
    expect((await movementsOf(kept.id)).at(-1)).toMatchObject({ kind: 'import', quantity: -4, stockAfter: 3 });
    expect(await productBySku('SET-ERR')).toBeUndefined();
  });

  it('adds the stock of an entry, matches a row without Código by its barcode, and the same file twice changes nothing', async () => {
    const byBarcode = await productCoded('ADD-1', { name: 'Tênis', price: 199_90, stock: 2 }, EAN_C);
    const file = await xlsxOf([
      ['EAN', 'Descrição', 'Qtd'],
      [Number(EAN_C), 'Tênis', 5],
    ]);
    const first = await confirm('products', file, { file_name: 'entrada.xlsx', stock_mode: 'add' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.counts).toEqual({ created: 0, updated: 1, unchanged: 0, errors: 0 });
    expect(await productBySku('ADD-1')).toMatchObject({ currentStock: 7 });
    const again = await preview('products', file, { stock_mode: 'add' });
    expect(again.body.data.already_imported).toMatchObject({ by: 'Administrador Demo' });
    const second = await confirm('products', file, { file_name: 'entrada.xlsx', stock_mode: 'add' });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(
      /^Esta planilha já foi importada em .* por Administrador Demo; nada foi alterado\.$/,
    );
    expect(await productBySku('ADD-1')).toMatchObject({ currentStock: 7 });
    expect(await movementsOf(byBarcode.id)).toHaveLength(2);
  });

  it('a row identical to the product is neither written nor counted as an update', async () => {
    const same = await productCoded('SAME-1', { name: 'Cinto', price: 49_90, cost: 20_00, stock: 6 });
    const versionBefore = (await productBySku('SAME-1'))!.version;
    const file = excelCsv([
      ['SKU', 'Produto', 'Preço de venda (R$)', 'Preço de custo (R$)', 'Estoque atual', 'Status'],
      ['SAME-1', 'Cinto', '49,90', '20,00', '6', 'Ativo'],
    ]);
    const res = await confirm('products', file, { stock_mode: 'set' });
    expect(res.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: 1, errors: 0 });
    expect((await productBySku('SAME-1'))!.version).toBe(versionBefore);
    expect(await movementsOf(same.id)).toHaveLength(1);
  });

  it('a code repeated in the file, a barcode of another product and a new product without a name are errors', async () => {
    await productCoded('OWNER-1', { name: 'Jaqueta', stock: 0 }, EAN_A);
    const file = excelCsv([
      ['Código', 'EAN', 'Produto'],
      ['REP-1', '', 'Regata'],
      ['rep-1', '', 'Regata 2'],
      ['REP-2', EAN_A, 'Outra'],
      ['REP-3', '', ''],
    ]);
    const res = await preview('products', file);
    expect(res.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Linha 3, Código: "rep-1" repete o código da linha 2',
      `Linha 4, Código de barras: "${EAN_A}" já é o código de barras de Jaqueta (código OWNER-1)`,
      'Linha 5, Produto: obrigatório para um produto novo',
    ]);
  });

  it('refuses a mapping without Código nor barcode, and is for admins of their own store only', async () => {
    const file = excelCsv([['Descrição'], ['Algo']]);
    const bad = await preview('products', file);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Código ou a do Código de barras/);
    expect((await preview('products', file, {}, s.cashier)).status).toBe(403);
    const list = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { host: 'demo.localhost:3000', authorization: `Bearer ${s.admin}` },
    });
    expect(list.json().data.imports.length).toBeGreaterThan(0);
    const other = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { host: 'outra.localhost:3000', authorization: `Bearer ${s.otherAdmin}` },
    });
    expect(other.json().data.imports).toEqual([]);
  });

  it('a confirm that fails half-way writes nothing', async () => {
    const before = await productCount();
    const rows: (string | number)[][] = [['Código', 'Produto', 'Estoque']];
    for (let i = 1; i <= 700; i++) rows.push([`HALF-${i}`, i === 650 ? 'Explode' : `Produto ${i}`, 1]);
    // A row the database refuses after the first batch of 500 was written.
    await s.ctx.db.execute(
      `CREATE OR REPLACE FUNCTION refuse_explode() RETURNS trigger AS $$ BEGIN
         IF NEW.name = 'Explode' THEN RAISE EXCEPTION 'recusado'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql` as never,
    );
    await s.ctx.db.execute(
      'CREATE TRIGGER refuse_explode BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse_explode()' as never,
    );
    try {
      const res = await confirm('products', excelCsv(rows), { file_name: 'metade.csv' });
      expect(res.status).toBe(500);
    } finally {
      await s.ctx.db.execute('DROP TRIGGER refuse_explode ON products' as never);
    }
    expect(await productCount()).toBe(before);
    expect(await productBySku('HALF-1')).toBeUndefined();
    const recorded = await s.ctx.db
      .select()
      .from(imports)
      .where(and(eq(imports.tenantId, s.tenantId), eq(imports.fileName, 'metade.csv')));
    expect(recorded).toEqual([]);
  });
});
