import { describe, expect, it } from 'vitest';
import { PAYABLE_CATEGORIES } from '../../shared/constants';
import { NO_UUID, NO_STORE, useTestStore, expectCreated } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('expense categories (%s)', (kind) => {
  let { http, admin } = NO_STORE;

  useTestStore(kind, (store) => ({ http, admin } = store));

  it('every store starts with the payable categories of spec §5', async () => {
    const res = await http.get('/api/expense-categories?limit=200', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.categories.map((c: { name: string }) => c.name).sort()).toEqual(
      [...PAYABLE_CATEGORIES].sort(),
    );
    expect(res.body.data.categories[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: null,
      active: true,
    });
  });

  it('lists a page at a time, by name, in the list shape', async () => {
    const total = PAYABLE_CATEGORIES.length;
    const first = await http.get('/api/expense-categories', { token: admin });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total, totalPages: Math.ceil(total / 10) });
    const names = [...PAYABLE_CATEGORIES].sort((a, b) => (a < b ? -1 : 1));
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const res = await http.get(`/api/expense-categories?page=${page}&limit=3`, { token: admin });
      expect(res.body.data.pagination).toEqual({ page, limit: 3, total, totalPages: Math.ceil(total / 3) });
      pages.push(...res.body.data.categories.map((c: { name: string }) => c.name));
    }
    expect(pages).toEqual(names);
    expect((await http.get('/api/expense-categories?page=0', { token: admin })).status).toBe(400);
  });

  it('creates, reads, updates and deletes', async () => {
    const created = expectCreated(
      await http.post('/api/expense-categories', { name: 'Aluguel', description: 'Aluguel da loja' }, { token: admin }),
    );
    const id = created.id;
    expect(created).toEqual({ id, name: 'Aluguel', description: 'Aluguel da loja', active: true });
    expect((await http.get(`/api/expense-categories/${id}`, { token: admin })).body.data.name).toBe('Aluguel');
    const off = await http.put(`/api/expense-categories/${id}`, { active: false }, { token: admin });
    expect(off.body.data).toEqual({ id, name: 'Aluguel', description: 'Aluguel da loja', active: false });
    const renamed = await http.put(`/api/expense-categories/${id}`, { name: 'Aluguel e condomínio' }, { token: admin });
    expect(renamed.body.data).toMatchObject({ name: 'Aluguel e condomínio', active: false });
    const del = await http.delete(`/api/expense-categories/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await http.get(`/api/expense-categories/${id}`, { token: admin })).status).toBe(404);
    expect((await http.delete(`/api/expense-categories/${id}`, { token: admin })).status).toBe(404);
  });

  it('names are unique per store, case-insensitively (409)', async () => {
    const dup = await http.post('/api/expense-categories', { name: 'marketing' }, { token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'Já existe uma categoria com o nome marketing',
    });
    const a = await http.post('/api/expense-categories', { name: 'Frete' }, { token: admin });
    const clash = await http.put(`/api/expense-categories/${a.body.data.id}`, { name: 'Impostos' }, { token: admin });
    expect(clash.status).toBe(409);
  });

  it('validates input and ids', async () => {
    const count = async () => (await http.get('/api/expense-categories', { token: admin })).body.data.pagination.total;
    const before = await count();
    expect((await http.post('/api/expense-categories', { name: '' }, { token: admin })).status).toBe(400);
    expect((await http.post('/api/expense-categories', { name: 'x'.repeat(101) }, { token: admin })).status).toBe(400);
    expect((await http.post('/api/expense-categories', { name: 'Ok', active: 'sim' }, { token: admin })).status).toBe(
      400,
    );
    expect(await count()).toBe(before);
    expect((await http.get('/api/expense-categories/1', { token: admin })).status).toBe(400);
    expect((await http.put(`/api/expense-categories/${NO_UUID}`, { name: 'X' }, { token: admin })).status).toBe(404);
  });
});
