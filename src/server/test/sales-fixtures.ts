// Fixtures of the sales suites: products and customers with known numbers (written
// through the services, in centavos), sale bodies as the API takes them (reais), and
// readers of what a sale left in the database.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Db } from '../db/client';
import { accountsReceivable, cashFlowEntries, customers, products, sales } from '../db/schema';
import { createCustomer } from '../catalogue/customers';
import { createProduct } from '../catalogue/products';
import { NO_STORE, openTestStore, storeRows } from './helpers';
import type { TestDbKind } from './testDb';

let seq = 0;

export interface ProductFixture {
  id: string;
  name: string;
  /** centavos */
  price: number;
  cost: number;
}

export async function makeProduct(
  db: Db,
  tenantId: string,
  options: {
    stock: number;
    price?: number;
    cost?: number;
    name?: string;
    active?: boolean;
    size?: string;
    color?: string;
  },
): Promise<ProductFixture> {
  seq++;
  const name = options.name ?? `Produto Teste ${seq}`;
  const product = await createProduct(db, tenantId, {
    sku: `T-${seq}-${randomUUID().slice(0, 6)}`,
    name,
    size: options.size ?? '',
    barcode: null,
    color: options.color ?? '',
    current_stock: options.stock,
    minimum_stock: 0,
    cost_price: options.cost ?? 1750,
    sale_price: options.price ?? 3990,
    active: options.active ?? true,
  });
  return { id: product.id, name, price: options.price ?? 3990, cost: options.cost ?? 1750 };
}

export async function makeCustomer(db: Db, tenantId: string, name = `Cliente Teste ${++seq}`) {
  return createCustomer(db, tenantId, { name, active: true });
}

/**
 * The store of a sales suite with one customer: its fields are filled before the suite's
 * first test and the app closed after its last (read them inside the tests).
 */
export function salesSuite(kind: TestDbKind, customerName: string) {
  const suite = {
    ...NO_STORE,
    customer: { id: '', name: '' },
    /** A product of this store with `stock` units (and the price, cost, name and state given). */
    product: (stock: number, options: Omit<Parameters<typeof makeProduct>[2], 'stock'> = {}) =>
      makeProduct(suite.ctx.db, suite.tenantId, { stock, ...options }),
    /** The suite's customer buys `lines` at the cashier's till (in cash unless `extra` says otherwise). */
    sell: (lines: LineInput[], extra: Record<string, unknown> = {}) =>
      suite.http.post('/api/sales', saleBody(suite.customer.id, lines, extra), { token: suite.cashier }),
    /** The same on crediário, with these due dates and entrada. */
    sellOnCredit: (lines: LineInput[], crediario: Parameters<typeof crediarioBody>[2]) =>
      suite.http.post('/api/sales', crediarioBody(suite.customer.id, lines, crediario), { token: suite.cashier }),
  };
  beforeAll(async () => {
    Object.assign(suite, await openTestStore(kind));
    suite.customer = await makeCustomer(suite.ctx.db, suite.tenantId, customerName);
  });
  afterAll(() => suite.ctx?.close());
  return suite;
}

/** How descriptions name a sale: its number ('#0042' for a sale that came without one). */
export const numberTag = (sale: { number: string }) => `#${sale.number}`;

export interface LineInput {
  product: ProductFixture;
  quantity: number;
  /** reais; default: the product's price */
  unitPrice?: number;
}

/**
 * A caixa's opening body whose device has the caixa's own id (so a test names both with
 * one id: atTill), with a float of R$ 100,00 unless `extra` says otherwise.
 */
export function tillOpening(extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  return { id, device_id: id, opening_float: 100, ...extra };
}

/** What a sale, return, payout or receipt at the till of tillOpening names: its caixa, on its device. */
export const atTill = (sessionId: string | undefined) =>
  sessionId ? { cash_session_id: sessionId, device_id: sessionId } : {};

/** A POST /api/sales body (reais, as the client sends it). */
export function saleBody(customerId: string, lines: LineInput[], extra: Record<string, unknown> = {}) {
  return {
    customer_id: customerId,
    items: lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      unit_price: l.unitPrice ?? l.product.price / 100,
    })),
    payment_method: 'cash',
    ...extra,
  };
}

/** A crediário sale's body: one instalment per due date, the entrada (reais, default 0) as given. */
export function crediarioBody(
  customerId: string,
  lines: LineInput[],
  crediario: { entrada?: number; entrada_method?: string; vencimentos: string[] },
  extra: Record<string, unknown> = {},
) {
  const { vencimentos, ...entrada } = crediario;
  return saleBody(customerId, lines, {
    payment_method: 'crediario',
    crediario: { ...entrada, parcelas: vencimentos.length, vencimentos },
    ...extra,
  });
}

export async function stockOf(db: Db, tenantId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ stock: products.currentStock })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  return row!.stock;
}

export async function productRow(db: Db, tenantId: string, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  return row!;
}

/**
 * The last sync version drawn (by any write, committed or not): the next write of a row
 * takes the one after it, when nothing else writes meanwhile.
 */
export async function lastVersionDrawn(db: Db): Promise<number> {
  const { rows } = (await db.execute(sql`SELECT last_value::float8 AS v FROM change_versions`)) as unknown as {
    rows: { v: number }[];
  };
  return Number(rows[0]!.v);
}

/** The newest sync version among the store's products and customers (what a till could have seen last). */
export async function changeVersionOf(db: Db, tenantId: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    SELECT greatest((SELECT max(version) FROM ${products} WHERE tenant_id = ${tenantId}),
                    (SELECT max(version) FROM ${customers} WHERE tenant_id = ${tenantId}), 0)::float8 AS v`)) as unknown as {
    rows: { v: number }[];
  };
  return Number(rows[0]!.v);
}

/** A sale's cash entries, oldest first. */
export function cashOf(db: Db, tenantId: string, saleId: string) {
  return storeRows(db, tenantId, cashFlowEntries, { saleId }, cashFlowEntries.createdAt);
}

/** income minus expense of a sale's cash entries, in centavos. */
export async function cashNetOf(db: Db, tenantId: string, saleId: string): Promise<number> {
  const entries = await cashOf(db, tenantId, saleId);
  return entries.reduce((s, e) => s + (e.type === 'income' ? e.amount : -e.amount), 0);
}

/** A sale's instalments, in their order. */
export function receivablesOf(db: Db, tenantId: string, saleId: string) {
  return storeRows(db, tenantId, accountsReceivable, { saleId }, accountsReceivable.installmentNumber);
}

export async function salesCount(db: Db, tenantId: string): Promise<number> {
  return (await db.select({ id: sales.id }).from(sales).where(eq(sales.tenantId, tenantId))).length;
}

/**
 * Runs `fn` with the (fake) clock at `iso` when that is earlier than now, as if it
 * happened then: a store's history is written through the API, and the server dates a
 * sale by its device's clock only within SALE_SOLD_AT_PAST_MAX_MS of receipt. Needs
 * vi.useFakeTimers({ toFake: ['Date'] }); a later time leaves the clock as it is.
 */
export async function atClock<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const then = Date.parse(iso);
  if (!vi.isFakeTimers() || then >= now) return fn();
  vi.setSystemTime(then);
  try {
    return await fn();
  } finally {
    vi.setSystemTime(now);
  }
}
