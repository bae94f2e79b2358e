// A product's fiscal data through the API: written as people type it, answered as digits,
// kept by an update that does not send it, refused with the field's message, carried to
// the till's mirror by the sync, and the products a note cannot carry yet (no NCM) counted.
import { describe, expect, it } from 'vitest';
import { NO_STORE, useTestStore, expectEachRefused } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('product fiscal data (%s)', (kind) => {
  let { http, admin, cashier } = NO_STORE;
  useTestStore(kind, (store) => ({ http, admin, cashier } = store));

  const base = { sku: 'FIS-1', name: 'Camiseta Fiscal', sale_price: 39.9, cost_price: 17.5 };

  it('a new product takes what was typed, and the store defaults (null) for what was not', async () => {
    const bare = await http.post('/api/products', base, { token: admin });
    expect(bare.status).toBe(201);
    expect(bare.body.data).toMatchObject({ ncm: null, cest: null, cfop: null, csosn: null, origin: null, unit: 'UN' });

    const full = await http.post(
      '/api/products',
      {
        ...base,
        sku: 'FIS-2',
        ncm: '6109.10.00',
        cest: '28.038.00',
        cfop: '5405',
        csosn: '500',
        origin: 2,
        unit: 'pç',
      },
      { token: admin },
    );
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({
      ncm: '61091000',
      cest: '2803800',
      cfop: '5405',
      csosn: '500',
      origin: 2,
      unit: 'PÇ',
    });
    const read = await http.get(`/api/products/${full.body.data.id}`, { token: cashier });
    expect(read.body.data).toMatchObject({ ncm: '61091000', unit: 'PÇ' });
  });

  it('an update changes only what it sends, and empties a code with an empty text', async () => {
    const made = await http.post(
      '/api/products',
      { ...base, sku: 'FIS-3', ncm: '61091000', cest: '2803800' },
      { token: admin },
    );
    const id = made.body.data.id;
    const renamed = await http.put(`/api/products/${id}`, { name: 'Camiseta Fiscal 2' }, { token: admin });
    expect(renamed.body.data).toMatchObject({ name: 'Camiseta Fiscal 2', ncm: '61091000', cest: '2803800' });
    const cleared = await http.put(`/api/products/${id}`, { cest: '', csosn: '102' }, { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ ncm: '61091000', cest: null, csosn: '102' });
  });

  it('refuses codes a note could not carry, naming the field', async () => {
    await expectEachRefused(
      [
        [{ ...base, sku: 'X1', ncm: '6109.10' }, 'ncm'],
        [{ ...base, sku: 'X2', cest: '12' }, 'cest'],
        [{ ...base, sku: 'X3', cfop: '6102' }, 'cfop'],
        [{ ...base, sku: 'X4', csosn: '101' }, 'csosn'],
        [{ ...base, sku: 'X5', origin: 9 }, 'origin'],
        [{ ...base, sku: 'X6', unit: 'CAIXA12' }, 'unit'],
      ],
      (body) => http.post('/api/products', body, { token: admin }),
    );
  });

  it('lists the products a note cannot carry yet (no NCM)', async () => {
    const withNcm = await http.post('/api/products', { ...base, sku: 'FIS-5', ncm: '61091000' }, { token: admin });
    const all = await http.get('/api/products?limit=1', { token: cashier });
    const missing = await http.get('/api/products?without_ncm=true&limit=200', { token: cashier });
    const present = await http.get('/api/products?without_ncm=false&limit=200', { token: cashier });
    expect(missing.body.data.pagination.total + present.body.data.pagination.total).toBe(
      all.body.data.pagination.total,
    );
    expect(present.body.data.products.map((p: { id: string }) => p.id)).toContain(withNcm.body.data.id);
    for (const p of missing.body.data.products) expect(p.ncm).toBeNull();
  });

  it("the till's mirror receives the fiscal data with the product", async () => {
    const made = await http.post(
      '/api/products',
      { ...base, sku: 'FIS-4', ncm: '61091000', origin: 0 },
      { token: admin },
    );
    const pulled = await http.get('/api/sync/pull', { token: cashier });
    expect(pulled.status).toBe(200);
    const row = pulled.body.data.products.find((p: { id: string }) => p.id === made.body.data.id);
    expect(row).toMatchObject({ ncm: '61091000', cest: null, cfop: null, csosn: null, origin: 0, unit: 'UN' });
  });
});
