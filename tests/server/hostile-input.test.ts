// No input of any kind gives a 500, and a refused one writes nothing: control characters
// are a 400 naming the field on every route (query strings included), a body nested
// deeper than the parser's bound is a 400 on every route that takes one, and a property
// test sends arbitrary strings, numbers and shapes to every /api route of the app.
import fc from 'fast-check';
import { tablesFingerprint } from './fingerprint';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, LINE_BREAKS_MESSAGE } from '../../src/shared/text';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../../src/server/http/json-body';
import { NO_UUID, NO_STORE, useTestStore } from '../../src/server/test/helpers';
import { databases } from '../../src/server/test/testDb';

/** Every tenant table's rows as one hash: equal before and after means nothing was written. */
const TABLES = [
  'tenants',
  'products',
  'customers',
  'users',
  'sales',
  'sale_items',
  'accounts_receivable',
  'accounts_payable',
  'cash_flow_entries',
  'expense_categories',
  'idempotency_keys',
];

describe.each(databases())('hostile input (%s)', (kind) => {
  let { ctx, http, admin } = NO_STORE;
  let customerId: string;

  const fingerprint = () => tablesFingerprint(ctx.db, TABLES);

  useTestStore(kind, async (store) => {
    ({ ctx, http, admin } = store);
    customerId = (await http.post('/api/customers', { name: 'Cliente Base' }, { token: admin })).body.data.id;
  });

  it('control characters are a 400 naming the field, in bodies, query strings and paths', async () => {
    const before = await fingerprint();
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/products?search=abc%00def', undefined, 'search'],
      ['GET', '/api/customers?search=%00', undefined, 'search'],
      ['GET', '/api/accounts-receivable?search=Jo%00ana', undefined, 'search'],
      ['GET', '/api/accounts-payable?search=%1B%5B31m', undefined, 'search'],
      ['GET', '/api/sales?search=%7F', undefined, 'search'],
      ['POST', '/api/customers', { name: 'Ana\u0000Maria' }, 'name'],
      ['POST', '/api/products', { sku: 'NUL-1', name: 'Blusa', color: 'Azul\u0007' }, 'color'],
      [
        'POST',
        '/api/accounts-payable',
        { supplier_name: 'X', description: 'Y\u0000', amount: 1, due_date: '2026-12-01', category: 'Serviços' },
        'description',
      ],
      ['PUT', `/api/customers/${customerId}`, { name: 'Ok', city: 'Itu\u0085' }, 'city'],
      [
        'POST',
        '/api/sales/batch',
        { sales: [{ key: 'k1', body: { customer_id: customerId, notes: '\u0000' } }] },
        'sales.0.body.notes',
      ],
      ['POST', '/api/customers', { 'na\u0000me': 'Ana' }, 'na\u0000me'],
      ['GET', '/api/products/%00', undefined, 'id'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await http.call(method as 'GET', url, { token: admin, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.details, `${method} ${url}`).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field, message: CONTROL_CHARS_MESSAGE })]),
      );
    }
    // A line break or a tab: text in notes, refused in a one-line field.
    const oneLine = await http.post('/api/products', { sku: 'TAB-1', name: 'Blusa\tverde' }, { token: admin });
    expect(oneLine.status).toBe(400);
    expect(oneLine.body.details).toEqual([expect.objectContaining({ path: 'name', message: LINE_BREAKS_MESSAGE })]);
    expect(await fingerprint()).toBe(before);
    const notes = await http.post(
      '/api/accounts-payable',
      {
        supplier_name: 'Gráfica',
        description: 'Panfletos',
        amount: 10,
        due_date: '2026-12-01',
        category: 'Marketing',
        notes: 'Entregar na loja.\r\nFalar com\tJoão.',
      },
      { token: admin },
    );
    expect(notes.status).toBe(201);
    expect(notes.body.data.notes).toBe('Entregar na loja.\r\nFalar com\tJoão.');
  });

  it('a body nested 10,000 or 200,000 levels deep is a 400 on every route that takes a body, writing nothing', async () => {
    const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    // The shape of a batch of sales, with the depth inside one sale's items.
    const inSale = (n: number) =>
      `{"sales":[{"key":"k-fundo","body":{"customer_id":"${customerId}","items":${arrays(n)}}}]}`;
    const bodies: [string, string][] = [
      ['arrays 10.000', arrays(10_000)],
      ['objects 10.000', objects(10_000)],
      ['arrays 200.000', arrays(200_000)],
      ['sale items 10.000', inSale(10_000)],
      ['sale items 200.000', inSale(200_000)],
      // Just past the bound: the limit itself, not only absurd depths.
      ['arrays bound + 1', arrays(MAX_JSON_DEPTH + 1)],
    ];
    const routes = ctx.app.accessTable.filter((r) => r.method !== 'GET');
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/sales/batch', 'POST /api/products', 'PUT /api/customers/:id']),
    );
    const before = await fingerprint();
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, NO_UUID);
      for (const [label, payload] of bodies) {
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            host: 'demo.localhost:3000',
            authorization: `Bearer ${admin}`,
            'content-type': 'application/json',
          },
          payload,
        });
        expect(res.statusCode, `${route.method} ${route.url}: ${label}`).toBe(400);
        const body = res.json();
        expect(body.code, `${route.method} ${route.url}: ${label}`).toBe('VALIDATION');
        expect(body.error).toMatch(/^Dados inválidos: o JSON aninha/);
        expect(body.details).toEqual([{ path: '', message: JSON_TOO_DEEP_MESSAGE }]);
      }
    }
    expect(await fingerprint()).toBe(before);
    // At the bound the body is parsed and judged by the route's schema as usual.
    const atBound = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { host: 'demo.localhost:3000', authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"sku":"FUNDO-1","name":"Blusa","size":${arrays(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(atBound.statusCode).toBe(400);
    expect(atBound.json().details).toEqual([expect.objectContaining({ path: 'size' })]);
  });

  it('arbitrary strings, numbers and shapes to every route: never a 500, nothing written on a 4xx', async () => {
    const routes = ctx.app.accessTable.map((r) => ({ method: r.method, url: r.url, query: r.query }));
    expect(routes.length).toBeGreaterThan(60);
    const controls = fc.string({
      unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u0085', '\n', '\t', 'a', 'ç', '😀'),
    });
    const text = fc.oneof(
      { arbitrary: controls, weight: 3 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: fc.string({ unit: 'binary' }), weight: 1 },
      {
        arbitrary: fc.constantFrom('', 'all', 'none', '0', '-1', '1e309', 'NaN', '2026-02-30', '%', "' OR 1=1 --"),
        weight: 1,
      },
    );
    const param = fc.oneof(fc.uuid(), text);
    // One query field of the route at a time (the others left out, so valid): the hostile
    // value reaches the database when the field's schema lets it through.
    const queryOf = (fields: string[]) =>
      fields.length === 0
        ? fc.constant({} as Record<string, string>)
        : fc.oneof(
            fc.tuple(fc.constantFrom(...fields), text).map(([k, v]) => ({ [k]: v })),
            fc.dictionary(fc.constantFrom(...fields, 'x'), text, { maxKeys: 3 }),
          );
    const body = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record(
        {
          name: text,
          sku: text,
          amount: fc.oneof(fc.double(), fc.integer(), text),
          due_date: text,
          items: fc.array(fc.record({ product_id: param, quantity: fc.oneof(fc.integer(), fc.double()) })),
          customer_id: param,
          payment_method: text,
          sales: fc.array(fc.record({ key: text, body: fc.anything({ maxDepth: 2 }) }), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
    );
    // Every route gets its share of runs (a fixed seed: the same requests on every run).
    for (const [i, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(queryOf(route.query), param, body, async (q, id, b) => {
          const path = route.url.replace(/:\w+/g, () => encodeURIComponent(id));
          const search = new URLSearchParams(q).toString();
          const url = `${path}${search ? `?${search}` : ''}`;
          const before = await fingerprint();
          const res = await http.call(route.method as 'GET', url, {
            token: admin,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: b }),
          });
          expect(res.status, `${route.method} ${url} ${JSON.stringify(b)?.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.success, url).toBe(false);
            expect(await fingerprint(), `${route.method} ${url} wrote on a ${res.status}`).toBe(before);
          }
        }),
        { numRuns: 15, seed: 20261123 + i },
      );
    }
  });
});
