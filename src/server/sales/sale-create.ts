// A new sale: recomputes the totals from the lines (each line keeps the unit price sent:
// the price at the till when it was added, spec §5, checked by the price rule of
// sale-checks.ts, as is the sale's time), snapshots the customer's name and each
// product's name and cost, moves stock (stock.ts), records the payment effects
// (sale-effects.ts) and the conflicts admins review (sale_conflicts), all in one
// transaction, in one read (sale-reads.ts) and one write (sale-writes.ts) whatever the
// number of sales. Lock order: the products (in id order), the customer, the day's totals
// (the row of this connection's slot: migration 0007), the Idempotency-Key. No store-wide
// lock: the sync versions come from a sequence (catalogue/sync.ts).
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { SaleCreate, SaleCreateResult, StockAfter, StockConflict } from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import type { CustomerRow, PriceConflictRecord, ProductRow, SaleItemRow, SaleRow } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { prepared, runTogether, type FoldedEffect, type Prepared } from '../core/idempotency';
import { CUSTOMER_NOT_FOUND } from '../catalogue/customers';
import { paymentEffectRows } from './sale-effects';
import { readForSales, type SalesRead } from './sale-reads';
import { writeSales } from './sale-writes';
import { toSale } from './sales-read';
import { conflictRows, offlineHistory, priceChanged, priceConflicts, saleTime, type PriceHistory } from './sale-checks';
import { insufficientStock, mergeMoves, shortfalls, type StockWrite } from './stock';
import { checkTotal, ENTRADA_TOO_HIGH, sellableProduct } from './sales';

const SALE_ID_TAKEN = 'Já existe uma venda com este identificador.';

/** A sale checked against what its transaction read; nothing written yet. */
interface PlannedSale {
  id: string;
  input: SaleCreate;
  customer: CustomerRow;
  lines: (SaleCreate['items'][number] & { product: ProductRow; total: number })[];
  total: number;
  crediario: SaleCreate['crediario'];
  conflicts: StockConflict[];
  priceConflicts: PriceConflictRecord[];
  soldAt: Date;
  /** The device's time when it was not believed (a clock conflict). */
  claimedSoldAt: Date | null;
  /** Each product it moves (merged lines) and that product's stock right after it. */
  after: { productId: string; stock: number }[];
}

/** What the sales of one transaction read, their products row-locked. */
interface SaleReads {
  taken: Set<string>;
  customers: ReadonlyMap<string, CustomerRow>;
  /** Running stock: each planned sale leaves its decrements here for the next one. */
  products: Map<string, ProductRow>;
  /** Price history of the products offline sales sold off their current price. */
  history: PriceHistory;
  receivedAt: Date;
}

/** Checks one sale (throws the AppError the API answers) and moves the running stock. */
function planSale(input: SaleCreate, reads: SaleReads): PlannedSale {
  if (input.id && reads.taken.has(input.id)) throw conflict(SALE_ID_TAKEN);
  const customer = reads.customers.get(input.customer_id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  const lines = input.items.map((item) => ({
    ...item,
    product: sellableProduct(reads.products, item.product_id, { allowInactive: input.offline }),
    total: item.quantity * item.unit_price,
  }));
  // Online, the till must sell at today's price (the cashier can still fix it).
  if (!input.offline) {
    const changed = priceChanged(lines);
    if (changed) throw changed;
  }
  const { soldAt, claimedSoldAt } = saleTime(input.sold_at, reads.receivedAt);
  const prices = input.offline ? priceConflicts(lines, reads.history, soldAt, reads.receivedAt) : [];
  const total = lines.reduce((s, l) => s + l.total, 0);
  checkTotal(total);
  const crediario = input.payment_method === 'crediario' ? input.crediario : undefined;
  if (input.payment_method === 'crediario' && !crediario) throw badRequest('Informe as parcelas do crediário.');
  if (crediario && crediario.entrada > total) {
    throw badRequest(ENTRADA_TOO_HIGH, [{ path: 'crediario.entrada', message: ENTRADA_TOO_HIGH }]);
  }
  const moves = mergeMoves(lines.map((l) => ({ productId: l.product_id, take: l.quantity })));
  const short = shortfalls(moves, reads.products);
  // Online, stock never goes below zero. Offline, the sale already happened at the till:
  // it is accepted and what the stock could not cover is recorded as its conflicts.
  if (short.length > 0 && !input.offline) throw insufficientStock(short);
  const after = moves.map((m) => {
    const row = reads.products.get(m.productId)!;
    const stock = row.currentStock - m.take;
    reads.products.set(m.productId, { ...row, currentStock: stock });
    return { productId: m.productId, stock };
  });
  const id = input.id ?? randomUUID();
  reads.taken.add(id);
  return {
    id,
    input,
    customer,
    lines,
    total,
    crediario,
    conflicts: short,
    priceConflicts: prices,
    soldAt,
    claimedSoldAt,
    after,
  };
}

/** A run of sales checked, its answers known, not written yet. */
export interface PreparedSales {
  /** One per input: the sale as it will be, or the AppError that refused it. */
  results: (SaleCreateResult | AppError)[];
  /** Writes the sales that were not refused, with `also` in the same last statement. */
  write(also?: readonly (SQL | null)[]): Promise<void>;
}

/**
 * Checks a run of sales in order inside the caller's transaction (reading and locking
 * what they need: sale-reads.ts) and answers each, before writing anything: a refused
 * sale will write nothing and the others go on. Each sale sees the stock the earlier ones
 * left, exactly as if they had come one by one, but the whole run costs the same
 * statements whatever its size: one read, and two writes (sale-writes.ts) where the
 * caller's own last write can ride along (the stored answers of their Idempotency-Keys);
 * plus the price history when an offline sale sold off the current price.
 */
export async function prepareSales(
  t: DbOrTx,
  tenantId: string,
  userId: string | null,
  inputs: readonly SaleCreate[],
): Promise<PreparedSales> {
  return planSales(t, tenantId, userId, inputs, await readForSales(t, tenantId, inputs));
}

/** The run checked against what its read found (prepareSales' second half). */
async function planSales(
  t: DbOrTx,
  tenantId: string,
  userId: string | null,
  inputs: readonly SaleCreate[],
  read: SalesRead,
): Promise<PreparedSales> {
  const now = new Date();
  const reads: SaleReads = {
    taken: read.taken,
    customers: read.customers,
    products: new Map(read.products),
    history: await offlineHistory(t, tenantId, inputs, read.products, now),
    receivedAt: now,
  };
  const planned = inputs.map((input) => {
    try {
      return planSale(input, reads);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  });
  const plans = planned.filter((p): p is PlannedSale => !(p instanceof AppError));
  if (plans.length === 0) return { results: planned as AppError[], write: (also = []) => runTogether(t, also) };

  const saleRows: SaleRow[] = plans.map((plan) => saleValues(plan, tenantId, userId, now));
  const itemsBySale = new Map<string, SaleItemRow[]>(
    plans.map((plan) => [
      plan.id,
      plan.lines.map((l, position) => ({
        tenantId,
        id: randomUUID(),
        saleId: plan.id,
        position,
        productId: l.product_id,
        productName: l.product.name,
        quantity: l.quantity,
        unitPrice: l.unit_price,
        unitCost: l.product.costPrice,
        totalPrice: l.total,
        createdAt: now,
        updatedAt: now,
      })),
    ]),
  );

  // The stock: one write per product with its stock after the whole run; each move (a
  // sale moving a product) takes the next version drawn, so the k-th sale that moved a
  // product answers an older version than the (k+1)-th, and the row keeps the last.
  const stock = new Map<string, StockWrite>();
  const stockAfter = new Map<string, StockAfter[]>();
  let move = 0;
  for (const plan of plans) {
    const after = plan.after.map(({ productId, stock: to }) => {
      const version = read.versions[move++]!;
      stock.set(productId, { productId, from: read.products.get(productId)!.currentStock, to, version });
      return { product_id: productId, current_stock: to, version };
    });
    stockAfter.set(plan.id, after);
  }

  const effects = saleRows.map(paymentEffectRows);
  const write = async (also: readonly (SQL | null)[] = []) => {
    try {
      await writeSales(
        t,
        tenantId,
        {
          sales: saleRows,
          items: [...itemsBySale.values()].flat(),
          cash: effects.flatMap((e) => e.cash),
          receivables: effects.flatMap((e) => e.receivables),
          conflicts: plans.flatMap((plan) => conflictRows(plan, tenantId, now)),
          stock: [...stock.values()],
        },
        now,
        also,
      );
    } catch (err) {
      // The same id committed by a concurrent transaction after `taken` was read.
      if (isUniqueViolation(err, 'sales_pkey')) throw conflict(SALE_ID_TAKEN);
      throw err;
    }
  };

  const rowById = new Map(saleRows.map((r) => [r.id, r]));
  const results = planned.map((p) =>
    p instanceof AppError
      ? p
      : { ...toSale(rowById.get(p.id)!, itemsBySale.get(p.id)!), stock_after: stockAfter.get(p.id)! },
  );
  return { results, write };
}

/** Creates a run of sales (prepareSales, then its writes), one answer per input. */
export async function createSales(
  t: DbOrTx,
  tenantId: string,
  userId: string | null,
  inputs: readonly SaleCreate[],
): Promise<(SaleCreateResult | AppError)[]> {
  const run = await prepareSales(t, tenantId, userId, inputs);
  await run.write();
  return run.results;
}

/**
 * POST /api/sales under an Idempotency-Key, the key's stored answer read in the sale's own
 * first statement (core/idempotency.ts runIdempotentFolded): a sale already made answers
 * what it answered then, without being checked again; a new one is checked and answered,
 * not written yet (its answer is written with it).
 */
export function prepareSaleFolded<U>(
  tenantId: string,
  userId: string | null,
  input: SaleCreate,
  answer: (sale: SaleCreateResult) => U,
): FoldedEffect<U> {
  return async (t, lookup) => {
    const read = await readForSales(t, tenantId, [input], lookup);
    return {
      stored: read.stored,
      proceed: async () => {
        const run = await planSales(t, tenantId, userId, [input], read);
        const [result] = run.results;
        if (result instanceof AppError) throw result;
        return prepared(answer(result!), run.write);
      },
    };
  };
}

/** One sale checked and answered, not written yet (its answer is stored with its writes). */
export async function prepareSale(
  t: DbOrTx,
  tenantId: string,
  userId: string | null,
  input: SaleCreate,
): Promise<Prepared<SaleCreateResult>> {
  const run = await prepareSales(t, tenantId, userId, [input]);
  const [result] = run.results;
  if (result instanceof AppError) throw result;
  return prepared(result!, run.write);
}

/** The sale's whole row, as it is inserted. */
function saleValues(plan: PlannedSale, tenantId: string, userId: string | null, now: Date): SaleRow {
  const { input, crediario } = plan;
  return {
    tenantId,
    id: plan.id,
    customerId: plan.customer.id,
    customerName: plan.customer.name,
    total: plan.total,
    paymentMethod: input.payment_method,
    // spec §4: a new sale is pending payment and completed.
    paymentStatus: 'pending' as const,
    saleStatus: 'completed' as const,
    crediario: crediario
      ? { entrada: crediario.entrada, parcelas: crediario.parcelas, vencimentos: crediario.vencimentos }
      : null,
    stockConflicts: plan.conflicts,
    priceConflicts: plan.priceConflicts,
    offline: input.offline,
    soldAt: plan.soldAt,
    receivedAt: now,
    claimedSoldAt: plan.claimedSoldAt,
    deviceId: input.device_id ?? null,
    deviceLabel: input.device_label?.trim() || null,
    notes: input.notes?.trim() || null,
    createdBy: userId,
    cancelledAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** One sale (POST /api/sales outside the route, tests): the AppError that refuses it is thrown. */
export async function createSale(
  db: DbOrTx,
  tenantId: string,
  userId: string | null,
  input: SaleCreate,
  tx?: DbOrTx,
): Promise<SaleCreateResult> {
  return inTransaction(db, tx, async (t) => {
    const [result] = await createSales(t, tenantId, userId, [input]);
    if (result instanceof AppError) throw result;
    return result!;
  });
}
