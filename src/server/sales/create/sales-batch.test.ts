// POST /api/sales/batch: the outbox's queued sales in one request. Each sale must answer
// exactly what POST /api/sales with its Idempotency-Key answers, in order, with stock
// moving as if they had come one by one; a refused sale must not hold up the others.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { SaleCreateSchema } from '../../../shared/contract';
import { createSales, saleCall } from './sale-create';
import { NO_UUID, type Json, NO_STORE, useTestStore } from '../../test/helpers';
import {
  cashNetOf,
  makeCustomer,
  makeProduct,
  receivablesOf,
  saleBody,
  salesCount,
  stockOf,
  type LineInput,
  type ProductFixture,
} from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales batch (%s)', (kind) => {
  let { ctx, http, tenantId, cashier } = NO_STORE;
  let customer: { id: string; name: string };

  const product = (stock: number, name?: string) => makeProduct(ctx.db, tenantId, { stock, price: 1000, name });
  /** An outbox sale: client id = key, offline. */
  const queuedLines = (lines: LineInput[], extra: Record<string, unknown> = {}) => {
    const id = randomUUID();
    return { key: id, body: saleBody(customer.id, lines, { id, offline: true, ...extra }) };
  };
  const queued = (p: ProductFixture, quantity: number, extra: Record<string, unknown> = {}) =>
    queuedLines([{ product: p, quantity }], extra);
  const batch = (sales: { key: string; body: unknown }[]) =>
    http.post('/api/sales/batch', { sales }, { token: cashier });

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, cashier } = store);
    customer = await makeCustomer(ctx.db, tenantId, 'Rita Lobo');
  });

  it('creates the sales in order: stock, versions and stock_after as if sent one by one; crediário effects', async () => {
    const tee = await product(10, 'Camiseta Lote');
    const cap = await product(3, 'Boné Lote');
    const due = [addDays(todayIso(), 30), addDays(todayIso(), 60)];
    const sales = [
      queued(tee, 2),
      queued(cap, 3, { payment_method: 'crediario', crediario: { entrada: 5, parcelas: 2, vencimentos: due } }),
      queuedLines([
        { product: tee, quantity: 1 },
        { product: cap, quantity: 1 },
      ]),
    ];
    const before = await salesCount(ctx.db, tenantId);

    const res = await batch(sales);
    expect(res.status).toBe(200);
    const results: Json[] = res.body.data.results;
    expect(results.map((r) => [r.key, r.status])).toEqual(sales.map((s) => [s.key, 201]));
    expect(results.map((r) => r.body.data.id)).toEqual(sales.map((s) => s.key));
    expect(results[0].body.data).toMatchObject({ total: 20, payment_method: 'cash', stock_conflicts: [] });
    // The JSON edge speaks reais, as POST /api/sales does.
    expect(results[1].body.data.crediario).toEqual({
      entrada: 5,
      entrada_method: 'cash',
      parcelas: 2,
      vencimentos: due,
    });

    const afterOf = (r: Json, p: ProductFixture) => r.body.data.stock_after.find((a: Json) => a.product_id === p.id);
    expect(afterOf(results[0], tee).current_stock).toBe(8);
    expect(afterOf(results[1], cap).current_stock).toBe(0);
    expect(afterOf(results[2], tee).current_stock).toBe(7);
    // The third sale took the last units before it plus one: an offline conflict.
    expect(afterOf(results[2], cap).current_stock).toBe(-1);
    expect(results[2].body.data.stock_conflicts).toEqual([
      { product_id: cap.id, product_name: 'Boné Lote', requested: 1, available: 0 },
    ]);
    // Each product move has its own version, increasing in the order of the sales.
    const versions = [afterOf(results[0], tee), afterOf(results[1], cap), ...results[2].body.data.stock_after].map(
      (a: Json) => a.version,
    );
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions.slice(0, 3)).toEqual([...versions.slice(0, 3)].sort((a, b) => a - b));

    expect(await stockOf(ctx.db, tenantId, tee.id)).toBe(7);
    expect(await stockOf(ctx.db, tenantId, cap.id)).toBe(-1);
    expect(await salesCount(ctx.db, tenantId)).toBe(before + 3);
    expect(await cashNetOf(ctx.db, tenantId, sales[0]!.key)).toBe(2000);
    expect(await cashNetOf(ctx.db, tenantId, sales[1]!.key)).toBe(500);
    const receivables = await receivablesOf(ctx.db, tenantId, sales[1]!.key);
    expect(receivables.map((r) => [r.amount, r.dueDate])).toEqual([
      [1250, due[0]],
      [1250, due[1]],
    ]);

    // The same batch again (its reply was lost): the stored answers, nothing new.
    const again = await batch(sales);
    expect(again.body.data.results).toEqual(results);
    expect(await salesCount(ctx.db, tenantId)).toBe(before + 3);
    expect(await stockOf(ctx.db, tenantId, tee.id)).toBe(7);
  });

  it('refuses a bad sale alone, with the answer POST /api/sales gives it; the others are created', async () => {
    const p = await product(1, 'Meia Lote');
    const good1 = queued(p, 1);
    const malformed = { key: randomUUID(), body: { customer_id: customer.id, items: [], payment_method: 'cash' } };
    const unknownCustomer = queued(p, 1);
    (unknownCustomer.body as Json).customer_id = NO_UUID;
    const online = { key: randomUUID(), body: saleBody(customer.id, [{ product: p, quantity: 1 }]) };
    const good2 = queued(p, 2);
    const sales = [good1, malformed, unknownCustomer, online, good2];

    const res = await batch(sales);
    const results: Json[] = res.body.data.results;
    expect(results.map((r) => r.status)).toEqual([201, 400, 404, 409, 201]);
    for (const i of [1, 2, 3]) {
      const alone = await http.post('/api/sales', sales[i]!.body, {
        token: cashier,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(results[i].body, `venda ${i}`).toEqual(alone.body);
    }
    expect(results[1].body.error).toBe(
      'Dados inválidos: items: Adicione pelo menos um produto antes de finalizar a venda',
    );
    expect(results[3].body.code).toBe('INSUFFICIENT_STOCK');
    // Online sales never take stock below zero; the offline one after it still goes in.
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(-2);

    // A refused sale's key was not stored: once fixed, the same key goes through.
    const fixed = { key: unknownCustomer.key, body: { ...(unknownCustomer.body as object), customer_id: customer.id } };
    const retried = await batch([fixed]);
    expect(retried.body.data.results[0].status).toBe(201);
  });

  it('recognises a sale first sent alone (its reply lost) and answers a reused key with other content with 409', async () => {
    const p = await product(5);
    const sale = queued(p, 1);
    const alone = await http.post('/api/sales', sale.body, {
      token: cashier,
      headers: { 'Idempotency-Key': sale.key },
    });
    expect(alone.status).toBe(201);

    const other = queued(p, 2);
    const res = await batch([sale, { key: other.key, body: other.body }, { key: sale.key + '-x', body: sale.body }]);
    const results: Json[] = res.body.data.results;
    expect(results[0]).toEqual({ key: sale.key, status: 201, body: alone.body });
    expect(results[1].status).toBe(201);
    // Same sale id under another key: the sale exists already.
    expect(results[2].status).toBe(409);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(2);

    const reused = await batch([{ key: other.key, body: queued(p, 3).body }]);
    expect(reused.body.data.results[0]).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });

    // And the other way round: a sale delivered in a batch, sent again alone.
    const replay = await http.post('/api/sales', other.body, {
      token: cashier,
      headers: { 'Idempotency-Key': other.key },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(results[1].body);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(2);
  });

  it('checks the batch itself: at most 50 sales, at least one, keys unique', async () => {
    const p = await product(100);
    const many = Array.from({ length: 51 }, () => queued(p, 1));
    expect((await batch(many)).status).toBe(400);
    expect((await batch([])).status).toBe(400);
    const one = queued(p, 1);
    const twice = await batch([one, one]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('Chave de idempotência repetida no lote');
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(100);
  });

  it('when the batch transaction fails, tries each sale alone', async () => {
    const p = await product(4);
    const sales = [queued(p, 1), queued(p, 1)];
    let failed = 0;
    // The first transaction (the batch's) fails as a lost connection would; the sales
    // are then created one by one.
    const flaky = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && failed === 0) {
          return () => {
            failed++;
            return Promise.reject(new Error('conexão perdida'));
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const logged: unknown[] = [];
    const calls = sales.map((s) => saleCall(SaleCreateSchema.parse(s.body), s.key));
    const answers = await createSales(flaky, tenantId, ctx.demo.cashier.id, calls, { log: (e) => logged.push(e) });
    expect(failed).toBe(1);
    expect(logged).toHaveLength(1);
    expect(answers.map((a) => (a.kind === 'done' ? 201 : a.kind))).toEqual([201, 201]);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(2);
  });
});
