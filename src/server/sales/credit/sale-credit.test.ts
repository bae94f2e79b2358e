// Crediário credit limits: a cashier's online crediário sale that would take the customer's
// open crediário over their limit (their own, else the store's default) is a 409 with the
// figures and writes nothing; the entrada is not financed; offline it is recorded with a
// 'credit' conflict; an admin sells over it, or approves one cashier's sale over it with
// their password; the customer's own limit wins over the default; two sales of one customer
// at once never pass the limit together; the till reads a customer's open crediário.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { DEMO } from '../../demo/seed';
import { accountsReceivable, saleConflicts } from '../../db/schema';
import { NO_STORE, useTestStore } from '../../test/helpers';
import {
  crediarioBody,
  makeCustomer,
  makeProduct,
  saleBody,
  salesCount,
  type ProductFixture,
} from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

/** The currency's no-break space read as a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe.each(databases())('crediário credit limits (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let product: ProductFixture;

  /** A crediário sale of `reais` (one line at that price) with `entrada` reais down. */
  const crediario = (customerId: string, reais: number, entrada = 0, extra: Record<string, unknown> = {}) =>
    saleBody(customerId, [{ product, quantity: 1, unitPrice: reais }], {
      payment_method: 'crediario',
      crediario: { entrada, parcelas: 1, vencimentos: [addDays(todayIso(), 30)] },
      ...extra,
    });

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    product = await makeProduct(ctx.db, tenantId, { stock: 1000, price: 100 });
    expect((await http.put('/api/settings', { credit_limit_default: 100_000 }, { token: admin })).status).toBe(200);
  });

  it('refuses a cashier over the limit with the figures; the entrada is not financed; offline it is a conflict', async () => {
    // Offline prices must be ones the product had: sell at its price by changing it per sale.
    const setPrice = (reais: number) =>
      http.put(`/api/products/${product.id}`, { sale_price: reais }, { token: admin });
    const customer = await makeCustomer(ctx.db, tenantId, 'Rita Prado');
    await setPrice(850);
    expect((await http.post('/api/sales', crediario(customer.id, 850), { token: cashier })).status).toBe(201);

    await setPrice(300);
    const before = await salesCount(ctx.db, tenantId);
    const over = await http.post('/api/sales', crediario(customer.id, 300), { token: cashier });
    expect(over.status).toBe(409);
    expect(spaced(over.body.error)).toBe(
      'Limite de crédito: R$ 1.000,00; em aberto: R$ 850,00; esta venda: R$ 300,00. Só um administrador pode vender acima do limite.',
    );
    expect(await salesCount(ctx.db, tenantId)).toBe(before);

    // R$ 150,00 down: R$ 150,00 financed, exactly the limit.
    const within = await http.post('/api/sales', crediario(customer.id, 300, 150), { token: cashier });
    expect(within.status, JSON.stringify(within.body)).toBe(201);

    // Offline the sale already happened: recorded, with a credit conflict.
    const offline = await http.post('/api/sales', crediario(customer.id, 300, 0, { offline: true }), {
      token: cashier,
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    const kinds = await ctx.db
      .select({ kind: saleConflicts.kind })
      .from(saleConflicts)
      .where(and(eq(saleConflicts.tenantId, tenantId), eq(saleConflicts.saleId, offline.body.data.id)));
    expect(kinds).toEqual([{ kind: 'credit' }]);

    // An admin sells over the limit.
    expect((await http.post('/api/sales', crediario(customer.id, 300), { token: admin })).status).toBe(201);
  });

  it("the customer's own limit wins over the store's default; 0 everywhere is no limit", async () => {
    const customer = await makeCustomer(ctx.db, tenantId, 'Caio Lemos');
    const put = await http.put(`/api/customers/${customer.id}`, { credit_limit: 2000 }, { token: admin });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.credit_limit).toBe(2000);
    await http.put(`/api/products/${product.id}`, { sale_price: 1500 }, { token: admin });
    expect((await http.post('/api/sales', crediario(customer.id, 1500), { token: cashier })).status).toBe(201);
    const over = await http.post('/api/sales', crediario(customer.id, 1500), { token: cashier });
    expect(over.status).toBe(409);
    expect(spaced(over.body.error)).toContain('Limite de crédito: R$ 2.000,00; em aberto: R$ 1.500,00');

    expect((await http.put('/api/settings', { credit_limit_default: 0 }, { token: admin })).status).toBe(200);
    const other = await makeCustomer(ctx.db, tenantId, 'Sem Limite');
    expect((await http.post('/api/sales', crediario(other.id, 1500), { token: cashier })).status).toBe(201);
    expect((await http.post('/api/sales', crediario(other.id, 1500), { token: cashier })).status).toBe(201);
  });

  it('two crediário sales of one customer at once: one passes, the other is refused with the figures', async () => {
    expect((await http.put('/api/settings', { credit_limit_default: 100_000 }, { token: admin })).status).toBe(200);
    // Two products and the tills' own numbers: the products' locks and the store's number
    // counter would otherwise make the sales take turns.
    const products = await Promise.all([1, 2].map(() => makeProduct(ctx.db, tenantId, { stock: 10, price: 60_000 })));
    const customer = await makeCustomer(ctx.db, tenantId, 'Dupla Venda');
    const answers = await Promise.all(
      products.map((p, i) =>
        http.post(
          '/api/sales',
          saleBody(customer.id, [{ product: p, quantity: 1 }], {
            number: `R-000${i + 1}`,
            payment_method: 'crediario',
            crediario: { entrada: 0, parcelas: 1, vencimentos: [addDays(todayIso(), 30)] },
          }),
          { token: cashier },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(spaced(refused.body.error)).toContain(
      'Limite de crédito: R$ 1.000,00; em aberto: R$ 600,00; esta venda: R$ 600,00',
    );
    expect(refused.body.details).toEqual({ limit_centavos: 100_000, open_centavos: 60_000, sale_centavos: 60_000 });
  });

  it("an admin's approval lets one cashier's sale pass the limit; a wrong password or a cashier approves nothing", async () => {
    expect((await http.put('/api/settings', { credit_limit_default: 100_000 }, { token: admin })).status).toBe(200);
    await http.put(`/api/products/${product.id}`, { sale_price: 1200 }, { token: admin });
    const customer = await makeCustomer(ctx.db, tenantId, 'Com Aval');
    const saleId = randomUUID();
    const ask = (email: string, password: string, amount = 1200) =>
      http.post('/api/auth/credit-approval', { email, password, sale_id: saleId, amount }, { token: cashier });

    const wrong = await ask(DEMO.admin.email, 'errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'password', message: 'E-mail ou senha do administrador incorretos.' }]);
    expect((await ask(DEMO.cashier.email, DEMO.cashier.password)).status).toBe(403);

    // Approved up to R$ 1.000,00: a sale financing R$ 1.200,00 is still held to the limit.
    const tooLittle = (await ask(DEMO.admin.email, DEMO.admin.password, 1000)).body.data.approval as string;
    const more = crediario(customer.id, 1200, 0, { id: saleId, credit_approval: tooLittle });
    expect((await http.post('/api/sales', more, { token: cashier })).status).toBe(409);
    // Nor is an approval's amount changed by hand.
    const forged = tooLittle.replace('.100000.', '.120000.');
    const forgedSale = crediario(customer.id, 1200, 0, { id: saleId, credit_approval: forged });
    expect((await http.post('/api/sales', forgedSale, { token: cashier })).status).toBe(409);

    const approved = await ask(DEMO.admin.email, DEMO.admin.password);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approval = approved.body.data.approval as string;
    // The approval names one sale: another sale with it is still held to the limit.
    const other = crediario(customer.id, 1200, 0, { id: randomUUID(), credit_approval: approval });
    expect((await http.post('/api/sales', other, { token: cashier })).status).toBe(409);
    const sale = crediario(customer.id, 1200, 0, { id: saleId, credit_approval: approval });
    const sold = await http.post('/api/sales', sale, { token: cashier });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  });

  it("reads a customer's open crediário: instalments, open, overdue and the limit that holds", async () => {
    expect((await http.put('/api/settings', { credit_limit_default: 100_000 }, { token: admin })).status).toBe(200);
    await http.put(`/api/products/${product.id}`, { sale_price: 300 }, { token: admin });
    const customer = await makeCustomer(ctx.db, tenantId, 'Carnê Aberto');
    const empty = await http.get(`/api/customers/${customer.id}/crediario`, { token: cashier });
    expect(empty.body.data).toEqual({ open_count: 0, open_amount: 0, overdue_amount: 0, credit_limit: 1000 });

    const body = crediarioBody(customer.id, [{ product, quantity: 1, unitPrice: 300 }], {
      entrada: 0,
      vencimentos: [1, 2, 3].map((m) => addDays(todayIso(), 30 * m)),
    });
    expect((await http.post('/api/sales', body, { token: cashier })).status).toBe(201);
    // The first instalment falls due yesterday.
    const [first] = await ctx.db
      .select({ id: accountsReceivable.id })
      .from(accountsReceivable)
      .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.customerId, customer.id)))
      .orderBy(accountsReceivable.dueDate)
      .limit(1);
    await ctx.db
      .update(accountsReceivable)
      .set({ dueDate: addDays(todayIso(), -1) })
      .where(eq(accountsReceivable.id, first!.id));
    const read = await http.get(`/api/customers/${customer.id}/crediario`, { token: cashier });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ open_count: 3, open_amount: 300, overdue_amount: 100, credit_limit: 1000 });

    await http.put(`/api/customers/${customer.id}`, { credit_limit: 0 }, { token: admin });
    expect((await http.get(`/api/customers/${customer.id}/crediario`, { token: cashier })).body.data.credit_limit).toBe(
      null,
    );
    expect((await http.get(`/api/customers/${randomUUID()}/crediario`, { token: cashier })).status).toBe(404);
  });
});
