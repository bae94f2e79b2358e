import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../shared/documents';
import { customers } from '../db/schema';
import { changeVersionOf, lastVersionDrawn } from '../test/sales-fixtures';
import { loginAll, NO_UUID, NO_STORE, useTestStore, expectCreated, expectEachRefused } from '../test/helpers';
import { databases } from '../test/testDb';

const cpf = (base9: string) => base9 + cpfCheckDigits(base9);

describe.each(databases())('customers (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;

  const changeVersion = () => changeVersionOf(ctx.db, ctx.demo.tenant.id);
  const countRows = async () =>
    (await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.tenantId, ctx.demo.tenant.id)))
      .length;

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier } = store));

  it('lists the seeded customers with pagination', async () => {
    const res = await http.get('/api/customers?limit=100', { token: cashier });
    expect(res.status).toBe(200);
    // The 25 of the demo and the store's Consumidor final.
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 100, total: 26, totalPages: 1 });
    const c = res.body.data.customers[0];
    expect(Object.keys(c).sort()).toEqual(
      [
        'active',
        'address',
        'city',
        'created_at',
        'credit_limit',
        'document',
        'email',
        'final_consumer',
        'id',
        'name',
        'phone',
        'state',
        'store_credit',
        'updated_at',
        'zip_code',
      ].sort(),
    );
  });

  it('searches by name or by document digits, ignoring punctuation', async () => {
    const created = expectCreated(
      await http.post('/api/customers', { name: 'Zélia Buscável', document: '529.982.247-25' }, { token: admin }),
    );
    expect(created.document).toBe('52998224725');
    const byDoc = await http.get('/api/customers?search=982.247', { token: cashier });
    expect(byDoc.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Zélia Buscável']);
    const byName = await http.get('/api/customers?search=zélia', { token: cashier });
    expect(byName.body.data.customers).toHaveLength(1);
    const alnum = await http.get('/api/customers?search=12.abc.345', { token: cashier });
    expect(alnum.body.data.customers.map((c: { document: string }) => c.document)).toEqual(['12ABC34501DE35']);
    const none = await http.get('/api/customers?search=___', { token: cashier });
    expect(none.body.data.customers).toEqual([]);
  });

  it('creates with normalization, reads, updates only what is sent, deletes as a tombstone', async () => {
    const v0 = await lastVersionDrawn(ctx.db);
    const c = expectCreated(
      await http.post(
        '/api/customers',
        {
          name: '  Maria da Silva ',
          email: 'MARIA@Exemplo.com ',
          phone: '(11) 91234-5678',
          document: cpf('123456789'),
          address: '',
          city: 'Santos',
          state: 'sp',
          zip_code: '11010-000',
        },
        { token: admin },
      ),
    );
    expect(c).toMatchObject({
      name: 'Maria da Silva',
      email: 'maria@exemplo.com',
      address: null,
      state: 'SP',
      zip_code: '11010000',
      active: true,
    });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.version).toBe(v0 + 1);

    expect((await http.get(`/api/customers/${c.id}`, { token: cashier })).body.data).toEqual(c);

    const deactivated = await http.put(`/api/customers/${c.id}`, { active: false }, { token: admin });
    expect(deactivated.body.data).toMatchObject({ name: 'Maria da Silva', city: 'Santos', active: false });
    const renamed = await http.put(`/api/customers/${c.id}`, { name: 'Maria S.', phone: '' }, { token: admin });
    expect(renamed.status).toBe(200);
    // Omitted fields stay (active is not reset to true); blank clears.
    expect(renamed.body.data).toMatchObject({ name: 'Maria S.', phone: null, active: false, city: 'Santos' });
    expect((await ctx.db.select().from(customers).where(eq(customers.id, c.id)))[0]!.version).toBe(v0 + 3);

    const del = await http.delete(`/api/customers/${c.id}`, { token: admin });
    expect(del.body).toEqual({ success: true, message: 'Cliente removido com sucesso!' });
    const [tomb] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(tomb!.deletedAt).not.toBeNull();
    expect(tomb!.version).toBe(v0 + 4);
    expect((await http.get(`/api/customers/${c.id}`, { token: admin })).status).toBe(404);
    const list = await http.get('/api/customers?search=Maria S.', { token: admin });
    expect(list.body.data.customers).toEqual([]);
  });

  it('accepts a client-chosen id; the same id again is a conflict', async () => {
    const id = randomUUID();
    const first = await http.post('/api/customers', { id, name: 'Cliente Offline' }, { token: admin });
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    const again = await http.post('/api/customers', { id, name: 'Cliente Offline' }, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    // Another store may hold the same id without learning anything about this one.
    const login = await loginAll(ctx);
    const elsewhere = await http.post(
      '/api/customers',
      { id, name: 'Mesmo id, outra loja' },
      { token: login.otherAdmin.accessToken, host: 'outra.localhost:3000' },
    );
    expect(elsewhere.status).toBe(201);
  });

  it('refuses bad inputs with 400 details and writes nothing', async () => {
    const before = await countRows();
    const v0 = await changeVersion();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'Doc', document: '123.456.789-00' }, 'document'],
      [{ name: 'Doc', document: '11.111.111/1111-11' }, 'document'],
      [{ name: 'Mail', email: 'nao-e-email' }, 'email'],
      [{ name: 'UF', state: 'São Paulo' }, 'state'],
      [{ name: 'CEP', zip_code: '123' }, 'zip_code'],
      [{ name: 'Id', id: 'abc' }, 'id'],
    ];
    await expectEachRefused(cases, (body) => http.post('/api/customers', body, { token: admin }));
    const anyId = (await http.get('/api/customers?limit=1', { token: admin })).body.data.customers[0].id;
    expect((await http.put(`/api/customers/${anyId}`, { email: 'x@' }, { token: admin })).status).toBe(400);
    expect((await http.put(`/api/customers/${anyId}`, { name: '' }, { token: admin })).status).toBe(400);
    expect(await countRows()).toBe(before);
    expect(await changeVersion()).toBe(v0);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await http.get('/api/customers/xyz', { token: admin })).status).toBe(400);
    expect((await http.put('/api/customers/xyz', { name: 'a' }, { token: admin })).status).toBe(400);
    const missing = await http.delete(`/api/customers/${NO_UUID}`, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Cliente não encontrado.');
  });
});
