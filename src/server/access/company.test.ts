import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../shared/documents';
import { tenants } from '../db/schema';
import { NO_STORE, useTestStore, expectEachRefused } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('company (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier } = store));

  it('GET /api/company/me returns the caller store', async () => {
    const res = await http.get('/api/company/me', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: ctx.demo.tenant.id,
      name: 'Loja Demo',
      cnpj: '11222333000181',
      phone: '(11) 3456-7890',
      email: 'contato@lojademo.com.br',
      address: expect.stringContaining('Rua Augusta'),
      theme: 'claro',
      currency: 'BRL',
      subdomain: 'demo',
    });
  });

  it('GET /api/company/receipt-header gives a cashier what receipts print, and nothing else', async () => {
    const res = await http.get('/api/company/receipt-header', { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Loja Demo',
      cnpj: '11222333000181',
      phone: '(11) 3456-7890',
      address: expect.stringContaining('Rua Augusta'),
    });
  });

  it('PUT /api/company/me updates; absent optional fields stay, blank clears', async () => {
    const base = '12345678000';
    const cnpj = `${base}1${cnpjCheckDigits(`${base}1`)}`;
    const res = await http.put(
      '/api/company/me',
      {
        name: ' Loja Demo Centro ',
        cnpj: `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
        phone: '',
        theme: 'escuro',
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Loja Demo Centro',
      cnpj,
      phone: null,
      email: 'contato@lojademo.com.br',
      theme: 'escuro',
    });
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, ctx.demo.tenant.id));
    expect(row!.name).toBe('Loja Demo Centro');
  });

  it('validates company input and writes nothing', async () => {
    const before = (await http.get('/api/company/me', { token: admin })).body.data;
    const cases: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'X', cnpj: '11.222.333/0001-00' }, 'cnpj'],
      [{ name: 'X', email: 'x' }, 'email'],
      [{ name: 'X', theme: 'roxo' }, 'theme'],
      [{ name: 'X', currency: 'USD' }, 'currency'],
    ];
    await expectEachRefused(cases, (body) => http.put('/api/company/me', body, { token: admin }));
    expect((await http.get('/api/company/me', { token: admin })).body.data).toEqual(before);
  });

  it('GET /api/company lists only the caller store; POST is refused', async () => {
    const list = await http.get('/api/company', { token: admin });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([ctx.demo.tenant.id]);
    const post = await http.post('/api/company', { name: 'Nova' }, { token: admin });
    expect(post.status).toBe(403);
    expect(post.body.code).toBe('FORBIDDEN');
    expect((await ctx.db.select().from(tenants)).length).toBe(2);
  });

  it('/api/company/:id works for the own id only', async () => {
    const own = ctx.demo.tenant.id;
    const other = ctx.other.tenant.id;
    expect((await http.get(`/api/company/${own}`, { token: admin })).body.data.id).toBe(own);
    const put = await http.put(`/api/company/${own}`, { name: 'Loja Demo', theme: 'claro' }, { token: admin });
    expect(put.status).toBe(200);
    expect(put.body.data.name).toBe('Loja Demo');
    expect((await http.get(`/api/company/${other}`, { token: admin })).status).toBe(404);
    expect((await http.put(`/api/company/${other}`, { name: 'Invadida' }, { token: admin })).status).toBe(404);
    expect((await http.delete(`/api/company/${other}`, { token: admin })).status).toBe(404);
    const del = await http.delete(`/api/company/${own}`, { token: admin });
    expect(del.status).toBe(403);
    expect(del.body.error).toBe('A empresa não pode ser excluída pelo aplicativo.');
    expect((await http.get('/api/company/abc', { token: admin })).status).toBe(400);
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, other));
    expect(row!.name).toBe('Outra Loja');
  });
});
