// Files that are not what a product import reads, through the API: each refused with a
// pt-BR sentence, nothing written. On PGlite and on PostgreSQL when DATABASE_URL is set.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { imports, products } from '../db/schema';
import { databases } from '../test/testDb';
import { importsSuite } from './imports-fixtures';
import { FILE_MESSAGES } from './limits';
import { xlsxOf } from './sheet-fixtures';

describe.each(databases())('files an import refuses (%s)', (kind) => {
  const { s, preview, confirm } = importsSuite(kind);
  const written = async () => ({
    products: (await s.ctx.db.select({ n: count() }).from(products).where(eq(products.tenantId, s.tenantId)))[0]!.n,
    imports: (await s.ctx.db.select({ n: count() }).from(imports).where(eq(imports.tenantId, s.tenantId)))[0]!.n,
  });

  it.each([
    [
      'a picture',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49]),
      FILE_MESSAGES.notSpreadsheet,
    ],
    ['an old .xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), FILE_MESSAGES.oldExcel],
    ['a file past 20 MB', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), FILE_MESSAGES.tooBig],
  ])('refuses %s with a sentence, writing nothing', async (_name, bytes, message) => {
    const before = await written();
    for (const res of [await preview('products', bytes), await confirm('products', bytes)]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: message });
    }
    expect(await written()).toEqual(before);
  });

  it('a formula is an error of its row, naming the cell', async () => {
    const file = await xlsxOf([
      ['Código', 'Produto', 'Preço'],
      ['F-1', 'Caneca', { formula: 'B1*2', result: 20 }],
      ['F-2', 'Copo', 10],
    ]);
    const res = await preview('products', file);
    expect(res.body.data.counts).toMatchObject({ created: 1, errors: 1 });
    expect(res.body.data.errors[0].message).toBe(
      'Linha 2, Preço de venda: "=B1*2" é uma fórmula: copie e cole só os valores (Colar especial > Valores)',
    );
  });
});
