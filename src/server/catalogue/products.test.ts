import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { changeVersionOf, lastVersionDrawn } from '../test/sales-fixtures';
import { NO_UUID, NO_STORE, useTestStore, expectCreated, expectEachRefused } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('products (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;

  const changeVersion = () => changeVersionOf(ctx.db, ctx.demo.tenant.id);
  const countRows = async () =>
    (await ctx.db.select({ id: products.id }).from(products).where(eq(products.tenantId, ctx.demo.tenant.id))).length;

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier } = store));

  it('lists with pagination, ordered by name, prices in reais', async () => {
    const res = await http.get('/api/products?page=2&limit=5', { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.products).toHaveLength(5);
    expect(res.body.data.pagination).toEqual({ page: 2, limit: 5, total: 62, totalPages: 13 });
    const first = await http.get('/api/products?limit=200', { token: cashier });
    const names = first.body.data.products.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const tee = first.body.data.products.find((p: { sku: string }) => p.sku === 'CAM-BAS-BR-P');
    expect(tee).toMatchObject({ sale_price: 39.9, cost_price: 17.5, size: 'P', color: 'Branca', active: true });
  });

  it('defaults to page 1, limit 10', async () => {
    const res = await http.get('/api/products', { token: cashier });
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 62 });
  });

  it('searches name or SKU case-insensitively and filters low stock and active', async () => {
    const byName = await http.get('/api/products?search=jEaNs&limit=100', { token: cashier });
    expect(byName.body.data.products.length).toBeGreaterThan(0);
    for (const p of byName.body.data.products) expect(`${p.name} ${p.sku}`.toLowerCase()).toContain('jeans');
    const bySku = await http.get('/api/products?search=ten-cas-br-4', { token: cashier });
    expect(bySku.body.data.products.map((p: { sku: string }) => p.sku)).toEqual([
      'TEN-CAS-BR-40',
      'TEN-CAS-BR-41',
      'TEN-CAS-BR-42',
    ]);
    const wildcard = await http.get('/api/products?search=%25', { token: cashier });
    expect(wildcard.body.data.pagination.total).toBe(0);
    const low = await http.get('/api/products?low_stock=true&limit=100', { token: cashier });
    expect(low.body.data.pagination.total).toBe(5);
    for (const p of low.body.data.products) expect(p.current_stock).toBeLessThan(p.minimum_stock);
    const notLow = await http.get('/api/products?low_stock=false&limit=1', { token: cashier });
    expect(notLow.body.data.pagination.total).toBe(57);
    const all = await http.get('/api/products?low_stock=all&active=&limit=1', { token: cashier });
    expect(all.body.data.pagination.total).toBe(62);
    const inactive = await http.get('/api/products?active=false', { token: cashier });
    expect(inactive.body.data.pagination.total).toBe(0);
  });

  it('rejects bad list queries with 400', async () => {
    for (const q of ['page=0', 'limit=201', 'limit=abc', 'low_stock=yes']) {
      const res = await http.get(`/api/products?${q}`, { token: cashier });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.body.details.length).toBeGreaterThan(0);
    }
  });

  it('creates, reads, partially updates and deletes (tombstone) with version bumps', async () => {
    const v0 = await lastVersionDrawn(ctx.db);
    const p = expectCreated(
      await http.post(
        '/api/products',
        { sku: 'TST-001', name: '  Regata Teste ', cost_price: 10.1, sale_price: 29.99, current_stock: 4 },
        { token: admin },
      ),
    );
    expect(p).toMatchObject({
      sku: 'TST-001',
      name: 'Regata Teste',
      size: '',
      color: '',
      current_stock: 4,
      minimum_stock: 0,
      cost_price: 10.1,
      sale_price: 29.99,
      active: true,
    });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.costPrice).toBe(1010); // centavos in the database
    expect(row!.salePrice).toBe(2999);
    expect(row!.version).toBe(v0 + 1);
    expect(await changeVersion()).toBe(v0 + 1);

    const got = await http.get(`/api/products/${p.id}`, { token: cashier });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(p);

    const updated = await http.put(`/api/products/${p.id}`, { sale_price: 31.5, color: 'Azul' }, { token: admin });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ ...p, sale_price: 31.5, color: 'Azul', updated_at: expect.any(String) });
    expect(updated.body.data.current_stock).toBe(4); // untouched fields stay
    const [row2] = await ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(row2!.version).toBe(v0 + 2);

    const deleted = await http.delete(`/api/products/${p.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Produto removido com sucesso!' });
    const [tomb] = await ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(tomb!.deletedAt).toBeInstanceOf(Date);
    expect(tomb!.version).toBe(v0 + 3);
    expect(await changeVersion()).toBe(v0 + 3);

    expect((await http.get(`/api/products/${p.id}`, { token: admin })).status).toBe(404);
    expect((await http.put(`/api/products/${p.id}`, { name: 'x' }, { token: admin })).status).toBe(404);
    expect((await http.delete(`/api/products/${p.id}`, { token: admin })).status).toBe(404);
    const list = await http.get('/api/products?search=TST-001', { token: admin });
    expect(list.body.data.products).toEqual([]);
    expect(await changeVersion()).toBe(v0 + 3); // failed writes roll their bump back
  });

  it('keeps SKUs unique per tenant (case-insensitive), frees them on delete', async () => {
    const dup = await http.post('/api/products', { sku: 'cam-bas-br-p', name: 'Outra' }, { token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'Já existe um produto com o SKU cam-bas-br-p',
    });

    const a = await http.post('/api/products', { sku: 'UNQ-1', name: 'A' }, { token: admin });
    const b = await http.post('/api/products', { sku: 'UNQ-2', name: 'B' }, { token: admin });
    const clash = await http.put(`/api/products/${b.body.data.id}`, { sku: 'UNQ-1' }, { token: admin });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('Já existe um produto com o SKU UNQ-1');

    await http.delete(`/api/products/${a.body.data.id}`, { token: admin });
    const reuse = await http.post('/api/products', { sku: 'UNQ-1', name: 'A de novo' }, { token: admin });
    expect(reuse.status).toBe(201);

    // The other store may use the same SKU.
    const elsewhere = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, ctx.other.tenant.id), eq(products.sku, 'CAM-BAS-BR-P')));
    expect(elsewhere).toEqual([]);
  });

  it('lets only one of two concurrent creates with the same SKU win', async () => {
    const [r1, r2] = await Promise.all([
      http.post('/api/products', { sku: 'RACE-1', name: 'Corrida 1' }, { token: admin }),
      http.post('/api/products', { sku: 'race-1', name: 'Corrida 2' }, { token: admin }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
  });

  it('refuses bad inputs with 400 details and writes nothing', async () => {
    const before = await countRows();
    const v0 = await changeVersion();
    const cases: [unknown, string][] = [
      [{ name: 'Sem SKU' }, 'sku'],
      [{ sku: 'X', name: '' }, 'name'],
      [{ sku: 'X', name: 'Preço', sale_price: -1 }, 'sale_price'],
      [{ sku: 'X', name: 'Preço', sale_price: 1.234 }, 'sale_price'],
      [{ sku: 'X', name: 'Preço', cost_price: '10' }, 'cost_price'],
      [{ sku: 'X', name: 'Estoque', current_stock: 1.5 }, 'current_stock'],
      [{ sku: 'X', name: 'Estoque', minimum_stock: -2 }, 'minimum_stock'],
      [{ sku: 'X', name: 'Ativo', active: 'sim' }, 'active'],
      [{ sku: 'X', name: 'Tamanho', size: 'x'.repeat(61) }, 'size'],
    ];
    await expectEachRefused(cases, (body) => http.post('/api/products', body, { token: admin }));
    const missing = await http.post('/api/products', { sku: 'X' }, { token: admin });
    expect(missing.body.error).toBe('Dados inválidos: name: Nome do produto é obrigatório');
    const noBody = await http.post('/api/products', undefined, { token: admin });
    expect(noBody.status).toBe(400);
    const badJson = await http.call('POST', '/api/products', {
      token: admin,
      body: '{"sku": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('VALIDATION');

    const someId = (await http.get('/api/products?limit=1', { token: admin })).body.data.products[0].id;
    const badUpdate = await http.put(`/api/products/${someId}`, { sale_price: -5 }, { token: admin });
    expect(badUpdate.status).toBe(400);
    expect(await countRows()).toBe(before);
    expect(await changeVersion()).toBe(v0);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await http.get('/api/products/123', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ path: 'id', message: 'Identificador inválido' });
    expect((await http.delete('/api/products/not-a-uuid', { token: admin })).status).toBe(400);
    const missing = await http.get(`/api/products/${NO_UUID}`, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', error: 'Produto não encontrado.' });
  });
});
