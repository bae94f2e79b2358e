// The tills' names: a new till takes 'Caixa N' when free; only an admin renames one (a
// cashier 403, another store's till 404, a blank name 400 naming the field, a name another
// till of the store has 409, whatever the case); the name shows in Caixas and in a sale's
// detail beside the till's code.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_STORE, OTHER_HOST, useTestStore } from '../../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('till names (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store));
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const register = async (label = 'Linux · Chrome') => {
    const res = await http.post('/api/devices', { id: randomUUID(), label }, keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; code: string; label: string; name: string | null };
  };

  it('a new till is Caixa N; an admin renames it, a cashier may not; names are unique in the store', async () => {
    const a = await register();
    const b = await register('Android · Chrome');
    expect([a.name, b.name]).toEqual([`Caixa ${a.code.charCodeAt(0) - 64}`, `Caixa ${b.code.charCodeAt(0) - 64}`]);

    const byCashier = await http.put(`/api/devices/${a.id}`, { name: 'Balcão 2' }, keyed(cashier));
    expect(byCashier.status).toBe(403);
    const otherStore = await http.put(
      `/api/devices/${a.id}`,
      { name: 'Balcão 2' },
      { ...keyed(otherAdmin), host: OTHER_HOST },
    );
    expect(otherStore.status).toBe(404);
    const blank = await http.put(`/api/devices/${a.id}`, { name: '   ' }, keyed(admin));
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/Nome do caixa/);
    expect(JSON.stringify(blank.body.details)).toContain('name');

    const renamed = await http.put(`/api/devices/${a.id}`, { name: '  Balcão 2 ' }, keyed(admin));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.id, code: a.code, name: 'Balcão 2', label: 'Linux · Chrome' });
    const same = await http.put(`/api/devices/${b.id}`, { name: 'BALCÃO 2' }, keyed(admin));
    expect(same.status).toBe(409);
    expect(same.body.error).toContain('Balcão 2');

    // The till reads its own name; the list has it.
    const own = await http.get(`/api/devices/${a.id}`, { token: cashier });
    expect(own.body.data.name).toBe('Balcão 2');
    const list = await http.get('/api/devices', { token: cashier });
    expect(list.body.data.devices.find((d: { id: string }) => d.id === b.id).name).toBe(b.name);
  });

  it("Caixas and a sale's detail name the till beside its code", async () => {
    const till = await register();
    await http.put(`/api/devices/${till.id}`, { name: 'Caixa da Frente' }, keyed(admin));
    const opened = await http.post('/api/cash-sessions', { device_id: till.id, opening_float: 50 }, keyed(cashier));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const session = await http.get(`/api/cash-sessions/${opened.body.data.id}`, { token: admin });
    expect(session.body.data).toMatchObject({ device_code: till.code, device_name: 'Caixa da Frente' });
    const listed = await http.get('/api/cash-sessions', { token: admin });
    expect(listed.body.data.sessions[0]).toMatchObject({ device_name: 'Caixa da Frente' });

    const customer = await makeCustomer(ctx.db, tenantId, 'Nair Nome');
    const p = await makeProduct(ctx.db, tenantId, { stock: 5, price: 1000 });
    const sale = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], {
        device_id: till.id,
        cash_session_id: opened.body.data.id,
        number: `${till.code}-0001`,
      }),
      keyed(cashier),
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const detail = await http.get(`/api/sales/${sale.body.data.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ device_code: till.code, device_name: 'Caixa da Frente' });
  });
});
