// Crediário credit limits: a cashier's online crediário sale that would take the customer's
// open crediário over their limit (their own, else the store's default) is a 409 with the
// figures and writes nothing; the entrada is not financed; offline it is recorded with a
// 'credit' conflict; an admin sells over it; the customer's own limit wins over the default.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { saleConflicts } from '../db/schema';
import { NO_STORE, openTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, salesCount, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

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

  beforeAll(async () => {
    ({ ctx, http, tenantId, admin, cashier } = await openTestStore(kind));
    product = await makeProduct(ctx.db, tenantId, { stock: 1000, price: 100 });
    expect((await http.put('/api/settings', { credit_limit_default: 100_000 }, { token: admin })).status).toBe(200);
  });
  afterAll(() => ctx?.close());

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
});
