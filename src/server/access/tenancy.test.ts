import { describe, expect, it } from 'vitest';
import { RESERVED_SUBDOMAINS } from '../../shared/constants';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

const NOT_FOUND = 'Empresa não encontrada ou subdomain inválido';

describe.each(databases())('tenancy (%s)', (kind) => {
  let { ctx, http, admin, cashier, otherAdmin } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, admin, cashier, otherAdmin } = store));

  describe('GET /api/tenants/search', () => {
    it('finds a store by subdomain without auth', async () => {
      const res = await http.get('/api/tenants/search?subdomain=demo', { host: 'localhost:3000' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { tenantId: ctx.demo.tenant.id, name: 'Loja Demo', subdomain: 'demo' },
        message: 'Empresa encontrada',
      });
    });

    it('answers 404 with the spec message for unknown and reserved subdomains', async () => {
      for (const sub of ['inexistente', ...RESERVED_SUBDOMAINS]) {
        const res = await http.get(`/api/tenants/search?subdomain=${sub}`);
        expect(res.status, sub).toBe(404);
        expect(res.body).toMatchObject({ success: false, data: null, message: NOT_FOUND, error: NOT_FOUND });
      }
    });

    it('answers 400 with the same message for malformed subdomains', async () => {
      for (const q of ['subdomain=Demo', 'subdomain=loja_2', `subdomain=${'a'.repeat(101)}`, 'subdomain=', '']) {
        const res = await http.get(`/api/tenants/search?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body).toMatchObject({ success: false, data: null, message: NOT_FOUND, code: 'VALIDATION' });
      }
    });
  });

  describe('isolation between two stores', () => {
    const firstId = async (path: string, key: string, token: string) => {
      const res = await http.get(path, { token });
      const list = key ? res.body.data[key] : res.body.data;
      return list[0].id as string;
    };

    it.each([
      ['/api/products?limit=200', 'products'],
      ['/api/customers?limit=200', 'customers'],
      ['/api/users?limit=200', 'users'],
      ['/api/expense-categories?limit=200', 'categories'],
      ['/api/company', ''],
    ] as const)('lists are disjoint: %s', async (path, key) => {
      const demo = await http.get(path, { token: admin });
      const other = await http.get(path, { token: otherAdmin, host: OTHER_HOST });
      const ids = (r: typeof demo) => (key ? r.body.data[key] : r.body.data).map((x: { id: string }) => x.id);
      const demoIds = new Set(ids(demo));
      expect(
        ids(other).filter((id: string) => demoIds.has(id)),
        path,
      ).toEqual([]);
    });

    it('the other store starts with no products', async () => {
      const other = await http.get('/api/products', { token: otherAdmin, host: OTHER_HOST });
      expect(other.body.data.pagination.total).toBe(0);
    });

    it("another store's ids answer 404 on every route", async () => {
      const product = await firstId('/api/products', 'products', admin);
      const customer = await firstId('/api/customers', 'customers', admin);
      const category = await firstId('/api/expense-categories', 'categories', admin);
      const user = ctx.demo.cashier.id;
      const company = ctx.demo.tenant.id;
      const other = { token: otherAdmin, host: OTHER_HOST };
      const attempts: [string, string, unknown?][] = [
        ['GET', `/api/products/${product}`],
        ['PUT', `/api/products/${product}`, { name: 'Roubado' }],
        ['DELETE', `/api/products/${product}`],
        ['GET', `/api/customers/${customer}`],
        ['PUT', `/api/customers/${customer}`, { name: 'Roubado' }],
        ['DELETE', `/api/customers/${customer}`],
        ['GET', `/api/expense-categories/${category}`],
        ['PUT', `/api/expense-categories/${category}`, { name: 'Roubado' }],
        ['DELETE', `/api/expense-categories/${category}`],
        ['PUT', `/api/users/${user}`, { name: 'Roubado', email: 'r@x.com', role: 'admin', active: true }],
        ['DELETE', `/api/users/${user}`],
        ['GET', `/api/company/${company}`],
        ['PUT', `/api/company/${company}`, { name: 'Roubada' }],
        ['DELETE', `/api/company/${company}`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await http.call(method as 'GET', url, { ...other, body });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      // Nothing changed in the demo store.
      const p = await http.get(`/api/products/${product}`, { token: admin });
      expect(p.body.data.name).not.toBe('Roubado');
      const u = await http.get('/api/users?limit=200', { token: admin });
      expect(u.body.data.users.map((x: { id: string }) => x.id)).toContain(user);
    });

    it("a token used on another store's Host is refused with 401", async () => {
      const res = await http.get('/api/products', { token: cashier, host: OTHER_HOST });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
      const unknownStore = await http.get('/api/auth/me', { token: cashier, host: 'nada.localhost' });
      expect(unknownStore.status).toBe(401);
      // A Host that names no store (IP, bare localhost) takes the tenant from the token.
      for (const host of ['127.0.0.1:3000', 'localhost:3000', 'www.balcao.com.br']) {
        const ok = await http.get('/api/auth/me', { token: cashier, host });
        expect(ok.status, host).toBe(200);
      }
    });
  });
});
