import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SyncPullResponseSchema } from '../../shared/contract';
import { withGtinCheckDigit } from '../../shared/gtin';
import { products } from '../db/schema';
import { NO_STORE, OTHER_HOST, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

// Valid GTINs of each length (check digit computed by the shared rule, checked here by hand for one).
const EAN13 = '7891234567895';
const EAN8 = withGtinCheckDigit('9638507');
const UPC_A = withGtinCheckDigit('03600029145');
const GTIN14 = withGtinCheckDigit('1789123456789');

describe.each(databases())('product barcodes (%s)', (kind) => {
  let { ctx, http, admin, cashier, otherAdmin } = NO_STORE;
  const rowOf = async (id: string) =>
    (
      await ctx.db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, ctx.demo.tenant.id), eq(products.id, id)))
    )[0];

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier, otherAdmin } = store));

  it('takes GTIN-8, -12, -13 and -14 as typed (spaces and hyphens dropped); empty and SEM GTIN are none', async () => {
    expect(EAN13.endsWith('5')).toBe(true);
    const made: Record<string, string | null> = {};
    for (const [sku, barcode, stored] of [
      ['BC-13', ` ${EAN13.slice(0, 1)} ${EAN13.slice(1, 7)}-${EAN13.slice(7)} `, EAN13],
      ['BC-8', EAN8, EAN8],
      ['BC-12', UPC_A, UPC_A],
      ['BC-14', GTIN14, GTIN14],
      ['BC-NONE', 'SEM GTIN', null],
      ['BC-EMPTY', '', null],
      ['BC-NULL', null, null],
      ['BC-ABSENT', undefined, null],
    ] as const) {
      const res = await http.post('/api/products', { sku, name: `Produto ${sku}`, barcode }, { token: admin });
      expect(res.status, sku).toBe(201);
      expect(res.body.data.barcode, sku).toBe(stored);
      expect((await rowOf(res.body.data.id))!.barcode).toBe(stored);
      made[sku] = res.body.data.id;
    }
    // Update: set, keep when omitted, clear with ''.
    const id = made['BC-NONE']!;
    const other = withGtinCheckDigit('789100000001');
    expect((await http.put(`/api/products/${id}`, { barcode: other }, { token: admin })).body.data.barcode).toBe(other);
    expect((await http.put(`/api/products/${id}`, { name: 'Renomeado' }, { token: admin })).body.data.barcode).toBe(
      other,
    );
    expect((await http.put(`/api/products/${id}`, { barcode: '' }, { token: admin })).body.data.barcode).toBeNull();
    // Read back by id and in the list.
    const one = await http.get(`/api/products/${made['BC-13']}`, { token: cashier });
    expect(one.body.data.barcode).toBe(EAN13);
  });

  it('refuses a code that is no GTIN with 400 naming the field, and writes nothing', async () => {
    const before = await ctx.db.select({ id: products.id }).from(products);
    const wrongDigit = `${EAN13.slice(0, 12)}${(Number(EAN13[12]) + 1) % 10}`;
    for (const [barcode, message] of [
      [wrongDigit, 'Código de barras inválido: o dígito verificador não confere.'],
      ['12345', 'Código de barras inválido: use 8, 12, 13 ou 14 dígitos (GTIN/EAN).'],
      ['789123456789A', 'Código de barras inválido: use só números.'],
      ['1'.repeat(41), 'Código de barras: máximo de 40 caracteres'],
    ]) {
      const res = await http.post('/api/products', { sku: 'BAD-BC', name: 'Ruim', barcode }, { token: admin });
      expect(res.status, barcode).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.details).toContainEqual(expect.objectContaining({ path: 'barcode', message }));
    }
    const someId = (await http.get('/api/products?limit=1', { token: admin })).body.data.products[0].id;
    const bad = await http.put(`/api/products/${someId}`, { barcode: wrongDigit }, { token: admin });
    expect(bad.status).toBe(400);
    expect(await ctx.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it('keeps a barcode unique among the store’s live products, whatever length it is written in', async () => {
    const upc = withGtinCheckDigit('04210000526');
    const a = await http.post('/api/products', { sku: 'UNQ-BC-A', name: 'A', barcode: upc }, { token: admin });
    expect(a.status).toBe(201);
    const sameAsEan13 = await http.post(
      '/api/products',
      { sku: 'UNQ-BC-B', name: 'B', barcode: `0${upc}` },
      { token: admin },
    );
    expect(sameAsEan13.status).toBe(409);
    expect(sameAsEan13.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: `Já existe um produto com o código de barras 0${upc}`,
    });
    const b = await http.post('/api/products', { sku: 'UNQ-BC-B', name: 'B' }, { token: admin });
    const clash = await http.put(`/api/products/${b.body.data.id}`, { barcode: upc }, { token: admin });
    expect(clash.status).toBe(409);
    // Many products without a barcode are fine (checked above); the other store may use it.
    const elsewhere = await http.post(
      '/api/products',
      { sku: 'UNQ-BC-A', name: 'A', barcode: upc },
      { token: otherAdmin, host: OTHER_HOST },
    );
    expect(elsewhere.status).toBe(201);
    // A deleted product frees its barcode.
    await http.delete(`/api/products/${a.body.data.id}`, { token: admin });
    expect((await http.put(`/api/products/${b.body.data.id}`, { barcode: upc }, { token: admin })).status).toBe(200);
  });

  it('finds products by any part of the barcode, and carries it to the offline mirror', async () => {
    const code = withGtinCheckDigit('789555000111');
    const made = await http.post('/api/products', { sku: 'FIND-BC', name: 'Achável', barcode: code }, { token: admin });
    for (const search of [code, code.slice(3, 10), `${code.slice(0, 1)} ${code.slice(1)}`]) {
      const res = await http.get(`/api/products?search=${encodeURIComponent(search)}`, { token: cashier });
      expect(
        res.body.data.products.map((p: { sku: string }) => p.sku),
        search,
      ).toContain('FIND-BC');
    }
    const pull = await http.get('/api/sync/pull?limit=5000', { token: cashier });
    const parsed = SyncPullResponseSchema.parse(pull.body);
    const mirrored = parsed.data.products.find((p) => p.id === made.body.data.id);
    expect(mirrored?.barcode).toBe(code);
    // The mirror's row has the keys of GET /api/products/:id, in its order.
    const one = await http.get(`/api/products/${made.body.data.id}`, { token: cashier });
    const raw = pull.body.data.products.find((p: { id: string }) => p.id === made.body.data.id);
    const { version: _v, ...fields } = raw;
    expect(Object.keys(fields)).toEqual(Object.keys(one.body.data));
  });
});
