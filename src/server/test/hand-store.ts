// A small store whose every centavo is known, built through the API in the second store
// ('outra') on a fixed clock: today is Thursday 2030-05-09 in São Paulo (the week began
// Monday 05-06, the month 05-01). The reports suites check each figure against the hand
// computations written beside the expectations. What it holds:
//
// Products (cost / price / stock / minimum), after the sales (Calça was 115,00 on the
// night of 05-05 only; every sale is sent at its own time): Camiseta 20,00 / 50,00 /
// 96 / 5; Calça 60,00 / 120,00 / 6 / 3; Boné 10,00 / 35,00 / 2 / 5 (low); Meia 3,00 /
// 9,90 / -1 / 0 (an offline sale outran it: low and out of stock); Cinto 15,00 / 25,00 /
// 1 / 2 (low); Relógio (removed, 50 in stock) counts nowhere.
//
// Sales (São Paulo day, method, lines, total, cost):
//   s1 04-05 cash        2 Camiseta x 50,00              100,00   40,00
//   s2 04-20 pix         1 Calça x 120,00                120,00   60,00
//   s9 04-25 crediário   1 Camiseta x 50,00, no entrada   50,00   20,00  1 installment due 05-05 (open)
//   s3 05-02 credit_card 1 Camiseta + 1 Boné              85,00   30,00
//   s4 05-05 debit_card  1 Calça x 115,00 (23:30, 02:30 UTC on 05-06)   115,00   60,00
//   s5 05-08 transfer    3 Meia x 9,90 (offline)          29,70    9,00
//   s6 05-09 crediário   2 Calça x 120,00, entrada 40,00 240,00  120,00  installments 100,00 due
//                        06-08 (paid 05-09) and 07-08 (open)
//   s7 05-09 cash        1 Camiseta, cancelled the same day           (50,00   20,00)
//   s8 05-09 cash        1 Boné x 35,00                   35,00   10,00
// Receivables entered by hand: r1 'Aluguel de espaço' 80,00 due 05-03, no customer, open;
// r2 60,00 due 05-07 paid 05-08; r3 45,00 due 05-04 cancelled.
// Payables (category, amount, due, what happened): p1 Matéria-prima 300,00 05-02 paid 05-02;
// p2 Administrativo 150,00 05-09 open; p3 Marketing 80,00 05-03 open; p4 Logística 45,50
// 05-05 paid 05-06; p5 Tecnologia 99,90 05-07 cancelled; p6 Utilidades 210,35 05-08 paid
// 05-09; p7 Impostos 500,00 05-01 open; p8 Serviços 120,00 05-04 paid 05-04; p9
// Administrativo 70,00 04-28 paid 05-01; p10 Serviços 33,00 05-20 open; p11 Marketing
// 40,00 04-15 cancelled on 04-16.
// Manual cash entries: m1 05-03 +1.000,00; m2 05-03 -65,40 Utilidades; m3 05-08 -12,00
// Vendas; m4 05-08 +25,00 Serviços; m5 04-30 -20,00 Marketing; m6 03-01 +2.000,00.
// Customers: Ana (03-01), Bruno (04-30 23:00 in São Paulo), Carla (05-02), Davi (05-09
// 00:10), Eli (removed).
// Creation times are set by hand afterwards (accounts: 04-01 unless said; the sales'
// installments: their sale's time), so balance sheets of past days are known on both
// drivers (PGlite follows the test's clock, PostgreSQL keeps its own).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, vi } from 'vitest';
import { accountsPayable, accountsReceivable, customers } from '../db/schema';
import { api, loginAll, OTHER_HOST, setupTestApp, storeRows, type Json, type TestContext } from './helpers';
import type { TestDbKind } from './testDb';
import { atClock } from './sales-fixtures';

/** 12:00 in São Paulo on Thursday 2030-05-09. */
export const HAND_NOW = new Date('2030-05-09T15:00:00Z');
export const HAND_TODAY = '2030-05-09';

export interface HandStore {
  products: Record<'camiseta' | 'calca' | 'bone' | 'meia' | 'cinto' | 'relogio', string>;
  sales: Record<'s1' | 's2' | 's3' | 's4' | 's5' | 's6' | 's7' | 's8' | 's9', string>;
  receivables: Record<'r1' | 'r2' | 'r3' | 's9', string>;
  payables: Record<'p3' | 'p7', string>;
  customers: Record<'ana' | 'bruno', string>;
}

/** What the reports suites work on: the app with the hand store, the clock stopped at HAND_NOW. */
export interface HandApp {
  ctx: TestContext;
  store: HandStore;
  /** Requests to the hand store's host ('outra'). */
  http: ReturnType<typeof api>;
  /** Access tokens: the hand store's admin and cashier, and the demo store's admin. */
  admin: string;
  cashier: string;
  demoAdmin: string;
}

/** Placeholder until it is opened (useHandApp): `let { ctx, http } = NO_HAND_APP;`. */
export const NO_HAND_APP = {} as HandApp;

/** Stops the clock at HAND_NOW, opens the app on a fresh database and builds the hand store (beforeAll). */
export async function openHandApp(kind: TestDbKind): Promise<HandApp> {
  vi.useFakeTimers({ toFake: ['Date'], now: HAND_NOW });
  const ctx = await setupTestApp(kind);
  const s = await loginAll(ctx);
  const admin = s.otherAdmin.accessToken;
  const store = await buildHandStore(ctx, admin);
  const http = api(ctx.app, { host: OTHER_HOST });
  return { ctx, store, http, admin, cashier: s.otherCashier.accessToken, demoAdmin: s.demoAdmin.accessToken };
}

/** Closes what openHandApp opened and lets the clock run again (afterAll). */
export async function closeHandApp(ctx: TestContext | undefined): Promise<void> {
  await ctx?.close();
  vi.useRealTimers();
}

/**
 * The hand store for the describe block it is called in: opened before its tests and handed
 * to `take` (which keeps the parts the file reads), closed after them.
 */
export function useHandApp(kind: TestDbKind, take: (hand: HandApp) => unknown): void {
  let hand: HandApp | undefined;
  beforeAll(async () => {
    hand = await openHandApp(kind);
    await take(hand);
  });
  afterAll(() => closeHandApp(hand?.ctx));
}

const at = (day: string, time: string) => `${day}T${time}:00-03:00`;

export async function buildHandStore(ctx: TestContext, adminToken: string): Promise<HandStore> {
  const http = api(ctx.app, { host: OTHER_HOST, token: adminToken });
  const tenantId = ctx.other.tenant.id;
  const must = async (res: Promise<{ status: number; body: Json }>, status = 200) => {
    const r = await res;
    if (r.status !== status) throw new Error(`loja de teste: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const created = (res: Promise<{ status: number; body: Json }>) => must(res, 201);

  const product = async (
    sku: string,
    name: string,
    cost: number,
    price: number,
    stock: number,
    min: number,
    variant: { size?: string; color?: string } = {},
  ) =>
    (
      await created(
        http.post('/api/products', {
          sku,
          name,
          ...variant,
          cost_price: cost,
          sale_price: price,
          current_stock: stock,
          minimum_stock: min,
        }),
      )
    ).id as string;
  const products = {
    camiseta: await product('CAM', 'Camiseta', 20, 50, 100, 5),
    calca: await product('CAL', 'Calça', 60, 120, 10, 3, { size: '42', color: 'Azul' }),
    bone: await product('BON', 'Boné', 10, 35, 4, 5),
    meia: await product('MEI', 'Meia', 3, 9.9, 2, 0),
    cinto: await product('CIN', 'Cinto', 15, 25, 1, 2),
    relogio: await product('REL', 'Relógio', 100, 250, 50, 60),
  };
  await must(http.delete(`/api/products/${products.relogio}`));

  const customer = async (name: string) => (await created(http.post('/api/customers', { name }))).id as string;
  const people = {
    ana: await customer('Ana'),
    bruno: await customer('Bruno'),
    carla: await customer('Carla'),
    davi: await customer('Davi'),
    eli: await customer('Eli'),
  };
  await must(http.delete(`/api/customers/${people.eli}`));

  const sale = async (
    soldAt: string,
    method: string,
    items: [string, number, number][],
    extra: Record<string, unknown> = {},
  ) =>
    // Each sale is sent when it happened (the server keeps a device's time only within 7
    // days of receipt).
    atClock(
      soldAt,
      async () =>
        (
          await created(
            http.post('/api/sales', {
              customer_id: people.ana,
              items: items.map(([product_id, quantity, unit_price]) => ({ product_id, quantity, unit_price })),
              payment_method: method,
              sold_at: soldAt,
              ...extra,
            }),
          )
        ).id as string,
    );
  const price = (id: string, sale_price: number, day: string) =>
    atClock(at(day, '08:00'), () => must(http.put(`/api/products/${id}`, { sale_price })));
  const sales = {
    s1: await sale(at('2030-04-05', '10:00'), 'cash', [[products.camiseta, 2, 50]]),
    s2: await sale(at('2030-04-20', '15:00'), 'pix', [[products.calca, 1, 120]]),
    s9: await sale(at('2030-04-25', '11:00'), 'crediario', [[products.camiseta, 1, 50]], {
      customer_id: people.bruno,
      crediario: { entrada: 0, parcelas: 1, vencimentos: ['2030-05-05'] },
    }),
    s3: await sale(at('2030-05-02', '09:30'), 'credit_card', [
      [products.camiseta, 1, 50],
      [products.bone, 1, 35],
    ]),
    // Calça on offer that night only: R$ 115,00.
    s4: await price(products.calca, 115, '2030-05-05').then(() =>
      sale(at('2030-05-05', '23:30'), 'debit_card', [[products.calca, 1, 115]]),
    ),
    // (back to R$ 120,00 the next morning)
    s5: await price(products.calca, 120, '2030-05-06').then(() =>
      sale(at('2030-05-08', '16:00'), 'transfer', [[products.meia, 3, 9.9]], { offline: true }),
    ),
    s6: await sale(at('2030-05-09', '09:00'), 'crediario', [[products.calca, 2, 120]], {
      crediario: { entrada: 40, parcelas: 2, vencimentos: ['2030-06-08', '2030-07-08'] },
    }),
    s7: await sale(at('2030-05-09', '10:00'), 'cash', [[products.camiseta, 1, 50]]),
    s8: await sale(at('2030-05-09', '11:00'), 'cash', [[products.bone, 1, 35]]),
  };
  await must(http.put(`/api/sales/${sales.s7}/cancel`, { reason: 'Cliente desistiu' }));

  const installment = async (saleId: string, n: number) =>
    (await storeRows(ctx.db, tenantId, accountsReceivable, { saleId, installmentNumber: n }))[0]!.id;
  await must(
    http.patch(`/api/accounts-receivable/${await installment(sales.s6, 1)}/mark-as-paid`, {
      payment_date: '2030-05-09',
    }),
  );

  const receivable = async (description: string, amount: number, due_date: string, customer_id?: string) =>
    (await created(http.post('/api/accounts-receivable', { description, amount, due_date, customer_id }))).id as string;
  const r1 = await receivable('Aluguel de espaço', 80, '2030-05-03');
  const r2 = await receivable('Ajuste de roupas', 60, '2030-05-07', people.bruno);
  const r3 = await receivable('Consignado', 45, '2030-05-04', people.ana);
  await must(http.patch(`/api/accounts-receivable/${r2}/mark-as-paid`, { payment_date: '2030-05-08' }));
  await must(http.patch(`/api/accounts-receivable/${r3}/cancel`));

  const payable = async (category: string, amount: number, due_date: string) =>
    (
      await created(
        http.post('/api/accounts-payable', {
          supplier_name: `Fornecedor ${category}`,
          description: `Conta de ${category}`,
          amount,
          due_date,
          category,
        }),
      )
    ).id as string;
  const pay = (id: string, payment_date: string) =>
    must(http.post(`/api/accounts-payable/${id}/mark-as-paid`, { payment_date }));
  const cancel = (id: string) => must(http.post(`/api/accounts-payable/${id}/cancel`));
  const p1 = await payable('Matéria-prima', 300, '2030-05-02');
  await pay(p1, '2030-05-02');
  await payable('Administrativo', 150, '2030-05-09');
  const p3 = await payable('Marketing', 80, '2030-05-03');
  const p4 = await payable('Logística', 45.5, '2030-05-05');
  await pay(p4, '2030-05-06');
  await cancel(await payable('Tecnologia', 99.9, '2030-05-07'));
  await pay(await payable('Utilidades', 210.35, '2030-05-08'), '2030-05-09');
  const p7 = await payable('Impostos', 500, '2030-05-01');
  await pay(await payable('Serviços', 120, '2030-05-04'), '2030-05-04');
  await pay(await payable('Administrativo', 70, '2030-04-28'), '2030-05-01');
  const p10 = await payable('Serviços', 33, '2030-05-20');
  const p11 = await payable('Marketing', 40, '2030-04-15');
  await cancel(p11);

  const entry = (date: string, type: string, amount: number, category: string) =>
    created(http.post('/api/cash-flow', { date, type, amount, category, description: `Lançamento ${category}` }));
  await entry('2030-05-03', 'income', 1000, 'Vendas');
  await entry('2030-05-03', 'expense', 65.4, 'Utilidades');
  await entry('2030-05-08', 'expense', 12, 'Vendas');
  await entry('2030-05-08', 'income', 25, 'Serviços');
  await entry('2030-04-30', 'expense', 20, 'Marketing');
  await entry('2030-03-01', 'income', 2000, 'Vendas');

  // Creation times, by hand (see the header).
  const setCreated = async (table: typeof customers | typeof accountsReceivable, id: string, iso: string) =>
    ctx.db
      .update(table)
      .set({ createdAt: new Date(iso) })
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
  await setCreated(customers, people.ana, '2030-03-01T12:00:00Z');
  await setCreated(customers, people.bruno, '2030-05-01T02:00:00Z');
  await setCreated(customers, people.carla, '2030-05-02T12:00:00Z');
  await setCreated(customers, people.davi, '2030-05-09T03:10:00Z');
  await setCreated(customers, people.eli, '2030-05-03T12:00:00Z');
  // The store's Consumidor final came with the store, before this month.
  await ctx.db
    .update(customers)
    .set({ createdAt: new Date('2030-03-01T12:00:00Z') })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.finalConsumer, true)));
  await ctx.db
    .update(accountsPayable)
    .set({ createdAt: new Date('2030-04-01T12:00:00Z') })
    .where(eq(accountsPayable.tenantId, tenantId));
  await ctx.db
    .update(accountsPayable)
    .set({ createdAt: new Date('2030-05-06T12:00:00Z') })
    .where(and(eq(accountsPayable.tenantId, tenantId), eq(accountsPayable.id, p10)));
  await ctx.db
    .update(accountsPayable)
    .set({ cancelledAt: new Date('2030-04-16T12:00:00Z') })
    .where(and(eq(accountsPayable.tenantId, tenantId), eq(accountsPayable.id, p11)));
  await ctx.db.execute(sql`UPDATE accounts_receivable r SET created_at = s.sold_at FROM sales s
    WHERE r.tenant_id = ${tenantId} AND s.tenant_id = r.tenant_id AND s.id = r.sale_id`);
  await setCreated(accountsReceivable, r1, '2030-05-03T02:30:00Z');
  await setCreated(accountsReceivable, r2, '2030-05-01T12:00:00Z');
  await setCreated(accountsReceivable, r3, '2030-05-02T12:00:00Z');

  return {
    products,
    sales,
    receivables: { r1, r2, r3, s9: await installment(sales.s9, 1) },
    payables: { p3, p7 },
    customers: { ana: people.ana, bruno: people.bruno },
  };
}
