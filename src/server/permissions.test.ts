// The permission matrix of spec §6 on every /api route: cashier (role user) vs admin,
// and no token at all. The route table of the app must match this matrix exactly.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, expenseCategories, products, tenants, users } from './db/schema';
import { api, loginAll, setupTestApp, type TestContext } from './test/helpers';
import { databases } from './test/testDb';

type Kind = 'product' | 'customer' | 'user' | 'category' | 'company';

interface Row {
  route: string;
  id?: Kind;
  body?: () => unknown;
  cashier: number;
  admin: number;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${seq++}`;

const ROWS: Row[] = [
  { route: 'GET /api/auth/me', cashier: 200, admin: 200 },
  { route: 'GET /api/products', cashier: 200, admin: 200 },
  { route: 'GET /api/products/:id', id: 'product', cashier: 200, admin: 200 },
  { route: 'POST /api/products', body: () => ({ sku: `M-${uniq()}`, name: 'Matriz' }), cashier: 403, admin: 201 },
  { route: 'PUT /api/products/:id', id: 'product', body: () => ({ name: 'Matriz 2' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/products/:id', id: 'product', cashier: 403, admin: 200 },
  { route: 'GET /api/customers', cashier: 200, admin: 200 },
  { route: 'GET /api/customers/:id', id: 'customer', cashier: 200, admin: 200 },
  { route: 'POST /api/customers', body: () => ({ name: 'Cliente Matriz' }), cashier: 403, admin: 201 },
  { route: 'PUT /api/customers/:id', id: 'customer', body: () => ({ city: 'Natal' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/customers/:id', id: 'customer', cashier: 403, admin: 200 },
  { route: 'GET /api/users', cashier: 403, admin: 200 },
  {
    route: 'POST /api/users',
    body: () => ({ name: 'Usuário Matriz', email: `u${uniq()}@demo.com`, role: 'user', password: 'senha123' }),
    cashier: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/users/:id',
    id: 'user',
    body: () => ({ name: 'Usuário Matriz', email: `u${uniq()}@demo.com`, role: 'user', active: true }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/users/:id', id: 'user', cashier: 403, admin: 200 },
  { route: 'GET /api/company/me', cashier: 403, admin: 200 },
  { route: 'PUT /api/company/me', body: () => ({ name: 'Loja Demo' }), cashier: 403, admin: 200 },
  { route: 'GET /api/company', cashier: 403, admin: 200 },
  // Stores are created by the operator and never deleted by the app: 403 for everyone.
  { route: 'POST /api/company', body: () => ({ name: 'Nova' }), cashier: 403, admin: 403 },
  { route: 'GET /api/company/:id', id: 'company', cashier: 403, admin: 200 },
  { route: 'PUT /api/company/:id', id: 'company', body: () => ({ name: 'Loja Demo' }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/company/:id', id: 'company', cashier: 403, admin: 403 },
  { route: 'GET /api/expense-categories', cashier: 403, admin: 200 },
  { route: 'POST /api/expense-categories', body: () => ({ name: `Cat ${uniq()}` }), cashier: 403, admin: 201 },
  { route: 'GET /api/expense-categories/:id', id: 'category', cashier: 403, admin: 200 },
  {
    route: 'PUT /api/expense-categories/:id',
    id: 'category',
    body: () => ({ name: `Cat ${uniq()}` }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/expense-categories/:id', id: 'category', cashier: 403, admin: 200 },
];

const PUBLIC = ['GET /api/tenants/search', 'POST /api/auth/login', 'POST /api/auth/refresh', 'POST /api/auth/logout'];

describe.each(databases())('permission matrix (%s)', (kind) => {
  let ctx: TestContext;
  let http: ReturnType<typeof api>;
  let admin: string;
  let cashier: string;

  /** A fresh resource of the demo store, created as admin, for routes that consume an id. */
  const freshId = async (k: Kind): Promise<string> => {
    const opts = { token: admin };
    switch (k) {
      case 'product':
        return (await http.post('/api/products', { sku: `F-${uniq()}`, name: 'Fixture' }, opts)).body.data.id;
      case 'customer':
        return (await http.post('/api/customers', { name: 'Fixture' }, opts)).body.data.id;
      case 'category':
        return (await http.post('/api/expense-categories', { name: `Fixture ${uniq()}` }, opts)).body.data.id;
      case 'user':
        return (
          await http.post(
            '/api/users',
            { name: 'Fixture', email: `f${uniq()}@demo.com`, role: 'user', password: 'senha123' },
            opts,
          )
        ).body.data.id;
      case 'company':
        return ctx.demo.tenant.id;
    }
  };

  const run = async (row: Row, token: string | undefined) => {
    const [method, template] = row.route.split(' ') as [string, string];
    const url = row.id ? template.replace(':id', await freshId(row.id)) : template;
    return http.call(method as 'GET', url, { ...(token ? { token } : {}), ...(row.body ? { body: row.body() } : {}) });
  };

  const snapshot = async () => {
    const t = ctx.demo.tenant.id;
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, t));
    return {
      tenant,
      products: await ctx.db.select().from(products).where(eq(products.tenantId, t)),
      customers: await ctx.db.select().from(customers).where(eq(customers.tenantId, t)),
      users: await ctx.db.select().from(users).where(eq(users.tenantId, t)),
      categories: await ctx.db.select().from(expenseCategories).where(eq(expenseCategories.tenantId, t)),
    };
  };

  beforeAll(async () => {
    ctx = await setupTestApp(kind);
    http = api(ctx.app);
    const s = await loginAll(ctx);
    admin = s.demoAdmin.accessToken;
    cashier = s.demoCashier.accessToken;
  });
  afterAll(() => ctx?.close());

  it('covers every /api route of the app, and only the intended ones are public', () => {
    const seen = new Map<string, string>();
    for (const e of ctx.app.accessTable) seen.set(`${e.method} ${e.url.replace(/\/$/, '')}`, e.access);
    const expected = [...ROWS.map((r) => r.route), ...PUBLIC].sort();
    expect([...seen.keys()].sort()).toEqual(expected);
    for (const route of PUBLIC) expect(seen.get(route), route).toBe('public');
    expect(seen.get('GET /api/auth/me')).toBe('authenticated');
  });

  it.each(ROWS.map((r) => [r.route, r] as const))('%s: cashier and admin', async (_route, row) => {
    const asCashier = await run(row, cashier);
    expect(asCashier.status).toBe(row.cashier);
    if (row.cashier === 403 && row.admin !== 403) {
      expect(asCashier.body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        error: 'Você não tem permissão para acessar este recurso.',
      });
    }
    const asAdmin = await run(row, admin);
    expect(asAdmin.status).toBe(row.admin);
    if (row.admin < 300) expect(asAdmin.body.success).toBe(true);
  });

  it('a cashier denied on every write route changes nothing', async () => {
    // Fixtures first (they are admin writes), then the snapshot, then the denied calls.
    const writes = ROWS.filter((r) => r.cashier === 403 && !r.route.startsWith('GET'));
    const urls = await Promise.all(
      writes.map(async (r) => {
        const [method, template] = r.route.split(' ') as [string, string];
        return { method, url: r.id ? template.replace(':id', await freshId(r.id)) : template, body: r.body?.() };
      }),
    );
    const before = await snapshot();
    for (const { method, url, body } of urls) {
      const res = await http.call(method as 'GET', url, { token: cashier, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('every non-public route answers 401 without a token, before validating input', async () => {
    for (const row of ROWS) {
      const [method, template] = row.route.split(' ') as [string, string];
      const res = await http.call(method as 'GET', template.replace(':id', 'nao-e-uuid'), { body: { lixo: true } });
      expect(res.status, row.route).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });
});
