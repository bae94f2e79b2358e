// A sale paid in parts (sale_payments): every new sale writes its parts in its statement
// (one part for a single method, the entrada for crediário), the parts add up to the total
// to the centavo, the server computes the change, and the cash book has one entry per part
// with its method. Old clients sending payment_method alone keep working; the migration's
// backfill gives existing sales the same parts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { salePayments } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore } from '../../test/helpers';
import {
  cashNetOf,
  cashOf,
  crediarioBody,
  makeCustomer,
  makeProduct,
  saleBody,
  salesCount,
} from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sale payments (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let customer: { id: string; name: string };

  const partsOf = (saleId: string) => storeRows(ctx.db, tenantId, salePayments, { saleId }, salePayments.seq);
  const product = (price: number) => makeProduct(ctx.db, tenantId, { stock: 100, price, cost: 100 });

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    customer = await makeCustomer(ctx.db, tenantId, 'Rita Lobo');
  });

  it('a sale with payment_method alone (old clients) is one part with its total and one cash entry with its method', async () => {
    const p = await product(2500);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 2 }], { payment_method: 'pix' }),
      {
        token: cashier,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.payments).toEqual([{ method: 'pix', amount: 50, received: null, change: null }]);
    const parts = await partsOf(res.body.data.id);
    expect(parts.map((r) => [r.seq, r.method, r.amount, r.received, r.change])).toEqual([[1, 'pix', 5000, null, null]]);
    const cash = await cashOf(ctx.db, tenantId, res.body.data.id);
    expect(cash.map((e) => [e.type, e.amount, e.paymentMethod, e.description])).toEqual([
      ['income', 5000, 'pix', `Venda #${res.body.data.number} - Rita Lobo`],
    ]);
  });

  it('cash with what was received: the server computes the change (whatever the client thought)', async () => {
    const p = await product(1799);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], {
        payments: [{ method: 'cash', amount: 17.99, received: 20, change: 99 }],
      }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.payment_method).toBe('cash');
    expect(res.body.data.payments).toEqual([{ method: 'cash', amount: 17.99, received: 20, change: 2.01 }]);
    const [part] = await partsOf(res.body.data.id);
    expect(part).toMatchObject({ amount: 1799, received: 2000, change: 201 });
    expect(await cashNetOf(ctx.db, tenantId, res.body.data.id)).toBe(1799);
  });

  it('a split sale: parts add up to the total, one cash entry per part by method; payment_method is the largest part', async () => {
    const p = await product(4000);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 2 }], {
        payment_method: 'cash',
        payments: [
          { method: 'cash', amount: 30, received: 50 },
          { method: 'pix', amount: 50 },
        ],
      }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    const sale = res.body.data;
    expect(sale.total).toBe(80);
    expect(sale.payment_method).toBe('pix');
    expect(sale.payments).toEqual([
      { method: 'cash', amount: 30, received: 50, change: 20 },
      { method: 'pix', amount: 50, received: null, change: null },
    ]);
    const cash = await cashOf(ctx.db, tenantId, sale.id);
    const short = `#${sale.number}`;
    expect(cash.map((e) => [e.amount, e.paymentMethod, e.description]).sort()).toEqual([
      [3000, 'cash', `Venda ${short} - Rita Lobo (Dinheiro)`],
      [5000, 'pix', `Venda ${short} - Rita Lobo (PIX)`],
    ]);
    const got = await http.get(`/api/sales/${sale.id}`, { token: admin });
    expect(got.body.data.payments).toEqual(sale.payments);
    const list = await http.get(`/api/sales?customer_id=${customer.id}&limit=100`, { token: admin });
    expect(list.body.data.sales.find((s: { id: string }) => s.id === sale.id).payments).toEqual(sale.payments);

    // Its lines and its method are not corrected; its customer is, in every entry.
    const other = await makeCustomer(ctx.db, tenantId, 'Caio Prado');
    const item = sale.items[0].id;
    const edit = await http.put(`/api/sales/items/${item}`, { quantity: 1 }, { token: admin });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toMatch(/mais de uma forma de pagamento/);
    const method = await http.put(`/api/sales/${sale.id}`, { payment_method: 'debit_card' }, { token: admin });
    expect(method.status).toBe(409);
    const moved = await http.put(`/api/sales/${sale.id}`, { customer_id: other.id }, { token: admin });
    expect(moved.status).toBe(200);
    const after = await cashOf(ctx.db, tenantId, sale.id);
    expect(after.map((e) => e.description).sort()).toEqual([
      `Venda ${short} - Caio Prado (Dinheiro)`,
      `Venda ${short} - Caio Prado (PIX)`,
    ]);

    // Cancelled: one reversal of the whole, the parts stay (the caixa reads completed sales).
    const cancel = await http.put(`/api/sales/${sale.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin });
    expect(cancel.status).toBe(200);
    expect(await cashNetOf(ctx.db, tenantId, sale.id)).toBe(0);
    expect(await partsOf(sale.id)).toHaveLength(2);
  });

  it('parts that do not add up to the total, to the centavo, are a 400 naming payments; nothing written', async () => {
    const p = await product(1000);
    const before = await salesCount(ctx.db, tenantId);
    const bad = [
      [
        { method: 'pix', amount: 5 },
        { method: 'cash', amount: 4.99 },
      ],
      [
        { method: 'pix', amount: 5 },
        { method: 'cash', amount: 5.01 },
      ],
      [{ method: 'crediario', amount: 10 }],
      [
        { method: 'pix', amount: 0 },
        { method: 'cash', amount: 10 },
      ],
      [{ method: 'pix', amount: 10, received: 20 }],
      [{ method: 'cash', amount: 10, received: 9.99 }],
      [],
    ];
    for (const payments of bad) {
      const res = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }], { payments }), {
        token: cashier,
      });
      expect(res.status, JSON.stringify(payments)).toBe(400);
      expect(
        res.body.details.map((d: { path: string }) => d.path.split('.')[0]),
        JSON.stringify(payments),
      ).toContain('payments');
    }
    const first = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], {
        payments: [
          { method: 'pix', amount: 5 },
          { method: 'cash', amount: 4.99 },
        ],
      }),
      { token: cashier },
    );
    expect(first.body.error).toBe('As formas de pagamento somam R$\u00a09,99, mas o total da venda é R$\u00a010,00.');
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
  });

  it('crediário: its entrada is a part paid by the method chosen (cash for old clients); none without entrada', async () => {
    const p = await product(30000);
    const dueDates = [addDays(todayIso(), 30), addDays(todayIso(), 60)];
    const byPix = await http.post(
      '/api/sales',
      crediarioBody(customer.id, [{ product: p, quantity: 1 }], {
        entrada: 100,
        entrada_method: 'pix',
        vencimentos: dueDates,
      }),
      { token: cashier },
    );
    expect(byPix.status).toBe(201);
    expect(byPix.body.data.payments).toEqual([{ method: 'pix', amount: 100, received: null, change: null }]);
    expect(byPix.body.data.crediario.entrada_method).toBe('pix');
    const entries = await cashOf(ctx.db, tenantId, byPix.body.data.id);
    expect(entries.map((e) => [e.amount, e.paymentMethod])).toEqual([[10000, 'pix']]);

    const old = await http.post(
      '/api/sales',
      crediarioBody(customer.id, [{ product: p, quantity: 1 }], { entrada: 50, vencimentos: dueDates }),
      { token: cashier },
    );
    expect(old.body.data.payments).toEqual([{ method: 'cash', amount: 50, received: null, change: null }]);

    const none = await http.post(
      '/api/sales',
      crediarioBody(customer.id, [{ product: p, quantity: 1 }], { vencimentos: dueDates }),
      { token: cashier },
    );
    expect(none.body.data.payments).toEqual([]);
    expect(await partsOf(none.body.data.id)).toEqual([]);

    const withParts = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], {
        payment_method: 'crediario',
        payments: [{ method: 'pix', amount: 300 }],
        crediario: { parcelas: 2, vencimentos: dueDates },
      }),
      { token: cashier },
    );
    expect(withParts.status).toBe(400);
  });

  it('a single-method sale corrected by an admin: its part follows the total and the method', async () => {
    const p = await product(1000);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 3 }], {
        payments: [{ method: 'cash', amount: 30, received: 50 }],
      }),
      { token: cashier },
    );
    const sale = res.body.data;
    await http.put(`/api/sales/items/${sale.items[0].id}`, { quantity: 2 }, { token: admin });
    expect((await partsOf(sale.id)).map((r) => [r.method, r.amount, r.received, r.change])).toEqual([
      ['cash', 2000, 5000, 3000],
    ]);
    await http.put(`/api/sales/${sale.id}`, { payment_method: 'debit_card' }, { token: admin });
    expect((await partsOf(sale.id)).map((r) => [r.method, r.amount, r.received, r.change])).toEqual([
      ['debit_card', 2000, null, null],
    ]);
    const cash = await cashOf(ctx.db, tenantId, sale.id);
    expect(cash.map((e) => [e.amount, e.paymentMethod])).toEqual([[2000, 'debit_card']]);
  });

  it('an offline split sale replayed twice is one sale with its parts once', async () => {
    const p = await product(2000);
    const id = randomUUID();
    const body = saleBody(customer.id, [{ product: p, quantity: 1 }], {
      id,
      offline: true,
      payments: [
        { method: 'debit_card', amount: 12.5 },
        { method: 'cash', amount: 7.5, received: 10 },
      ],
    });
    const key = randomUUID();
    const a = await http.post('/api/sales', body, { token: cashier, headers: { 'idempotency-key': key } });
    const b = await http.post('/api/sales', body, { token: cashier, headers: { 'idempotency-key': key } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.payments).toEqual(a.body.data.payments);
    expect((await partsOf(id)).map((r) => [r.method, r.amount, r.change])).toEqual([
      ['debit_card', 1250, null],
      ['cash', 750, 250],
    ]);
    expect(await cashNetOf(ctx.db, tenantId, id)).toBe(2000);
  });

  it("the migration's backfill gives existing sales the parts a new sale writes", async () => {
    const p = await product(1500);
    const dueDates = [addDays(todayIso(), 30)];
    const plain = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 2 }], { payment_method: 'transfer' }),
      {
        token: cashier,
      },
    );
    const credit = await http.post(
      '/api/sales',
      crediarioBody(customer.id, [{ product: p, quantity: 2 }], { entrada: 5, vencimentos: dueDates }),
      { token: cashier },
    );
    const ids = [plain.body.data.id, credit.body.data.id];
    const before = await Promise.all(ids.map(partsOf));
    await ctx.db.delete(salePayments).where(eq(salePayments.tenantId, tenantId));
    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0012_sale_payments.sql`, 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((s) => /INSERT INTO "sale_payments"/.test(s));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await ctx.db.execute(sql.raw(statement));
    expect(await Promise.all(ids.map(partsOf))).toEqual(before);
  });
});
