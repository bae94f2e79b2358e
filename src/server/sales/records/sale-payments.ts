// The parts a sale was paid in (payments contract; DESIGN.md, Counter rules). A new sale's
// parts are checked against its total here (to the centavo) and the change of a cash part
// recomputed; a sale sent with payment_method alone is one part with its total, a crediário
// sale one part for its entrada (its entrada_method, cash when not told). An admin's
// correction of a single-method sale (its lines, its method) keeps its one part in step;
// a split sale's lines and method are not corrected (cancel and sell again).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PaymentMethod, SaleCreate, SaleMethod, SalePartMethod, SalePayment } from '../../../shared/contract';
import { changeOf } from '../../../shared/contract';
import { formatBRL } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { salePayments, type saleItems, type SalePaymentRow, type SaleRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors';

export const SPLIT_SALE_LOCKED =
  'Esta venda foi paga com mais de uma forma de pagamento: não é possível alterar seus itens ou sua forma de pagamento. Cancele e registre uma nova venda.';
export const STORE_CREDIT_SALE_LOCKED =
  'Esta venda foi paga com vale-troca: não é possível alterar seus itens ou sua forma de pagamento. Cancele e registre uma nova venda.';

export const partsDoNotAddUp = (sum: number, total: number) =>
  `As formas de pagamento somam ${formatBRL(sum)}, mas o total da venda é ${formatBRL(total)}.`;

/** A part as planned (centavos). */
export interface PlannedPart {
  method: SalePartMethod;
  amount: number;
  received: number | null;
  change: number | null;
}

/** The parts of a new sale of `total` centavos (throws the 400 that refuses it). */
export function plannedParts(input: SaleCreate, total: number): PlannedPart[] {
  if (input.payment_method === 'crediario') {
    const entrada = input.crediario?.entrada ?? 0;
    const method = input.crediario?.entrada_method ?? 'cash';
    return entrada > 0 ? [{ method, amount: entrada, received: null, change: null }] : [];
  }
  if (!input.payments) {
    return total > 0 ? [{ method: input.payment_method, amount: total, received: null, change: null }] : [];
  }
  const sum = input.payments.reduce((s, p) => s + p.amount, 0);
  if (sum !== total) {
    const message = partsDoNotAddUp(sum, total);
    throw badRequest(message, [{ path: 'payments', message }]);
  }
  return input.payments.map((p) => ({
    method: p.method,
    amount: p.amount,
    received: p.received ?? null,
    change: changeOf(p),
  }));
}

/**
 * The sale's payment_method: the method of its largest money part (the first of equals);
 * 'store_credit' for a sale the vale-troca paid whole (no money came in, whatever method
 * the till had selected).
 */
export function saleMethodOf(input: SaleCreate, parts: readonly PlannedPart[]): SaleMethod {
  if (input.payment_method === 'crediario' || !input.payments) return input.payment_method;
  const money = parts.filter((p): p is PlannedPart & { method: PaymentMethod } => p.method !== 'store_credit');
  if (money.length === 0) return parts.length > 0 ? 'store_credit' : input.payment_method;
  return money.reduce((best, p) => (p.amount > best.amount ? p : best), money[0]!).method;
}

/** centavos of the vale-troca a sale's parts use. */
export const storeCreditUsed = (parts: readonly Pick<PlannedPart, 'method' | 'amount'>[]): number =>
  parts.reduce((s, p) => s + (p.method === 'store_credit' ? p.amount : 0), 0);

export function partRowsOf(tenantId: string, saleId: string, parts: readonly PlannedPart[]): SalePaymentRow[] {
  return parts.map((p, i) => ({ tenantId, saleId, seq: i + 1, ...p }));
}

export function toSalePayment(row: SalePaymentRow): SalePayment {
  return { method: row.method, amount: row.amount, received: row.received, change: row.change };
}

/**
 * The rows of `table` (a sale's lines or its parts) of the sales `saleIds`, by sale and then
 * in the sale's own order (`seq`: the column that numbers them within a sale).
 */
export async function rowsOfSales<T extends typeof saleItems | typeof salePayments>(
  t: DbOrTx,
  table: T,
  seq: AnyPgColumn,
  tenantId: string,
  saleIds: readonly string[],
): Promise<T['$inferSelect'][]> {
  if (saleIds.length === 0) return [];
  return t
    .select()
    .from(table as typeof salePayments)
    .where(and(eq(table.tenantId, tenantId), inArray(table.saleId, [...saleIds])))
    .orderBy(asc(table.saleId), asc(seq));
}

export const loadSalePayments = (t: DbOrTx, tenantId: string, saleIds: readonly string[]): Promise<SalePaymentRow[]> =>
  rowsOfSales(t, salePayments, salePayments.seq, tenantId, saleIds);

/** Rows grouped by sale id. */
export function bySale<T extends { saleId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.saleId);
    if (list) list.push(row);
    else out.set(row.saleId, [row]);
  }
  return out;
}

/**
 * A corrected non-crediário sale (its total after a line edit, its method): its one part
 * follows (none when the total is 0; a cash part keeps what was received while it covers
 * the new amount). A split sale is refused (409).
 */
export async function syncSinglePart(t: DbOrTx, sale: SaleRow): Promise<void> {
  if (sale.paymentMethod === 'crediario') return;
  const parts = await loadSalePayments(t, sale.tenantId, [sale.id]);
  if (parts.length > 1) throw conflict(SPLIT_SALE_LOCKED);
  // The vale's ledger names what the sale used: a correction would leave it behind.
  if (sale.paymentMethod === 'store_credit' || parts.some((p) => p.method === 'store_credit'))
    throw conflict(STORE_CREDIT_SALE_LOCKED);
  const method = sale.paymentMethod;
  const [part] = parts;
  if (part && part.method === method && part.amount === sale.total) return;
  const own = and(eq(salePayments.tenantId, sale.tenantId), eq(salePayments.saleId, sale.id));
  await t.delete(salePayments).where(own);
  if (sale.total === 0) return;
  const received =
    part && method === 'cash' && part.received !== null && part.received >= sale.total ? part.received : null;
  await t.insert(salePayments).values({
    tenantId: sale.tenantId,
    saleId: sale.id,
    seq: 1,
    method,
    amount: sale.total,
    received,
    change: changeOf({ amount: sale.total, received }),
  });
}
