// What a return does to money and to the reports (sale-returns.ts runs it in its
// transaction, the sale row locked):
// - a crediário sale's open instalments go down first, the last ones first (an instalment
//   brought to zero is cancelled), to the centavo; only the rest is paid back;
// - the rest: 'dinheiro' one cash-book expense in cash (category Vendas, on the return's
//   day; the caixa's expected cash counts it out), 'estorno' one cash-book expense in the
//   card or Pix method the sale was paid with, 'vale_troca' a credit on the customer;
// - the value and cost returned are counted out of the sales' day totals on the return's
//   São Paulo day (sales_days, sale_product_days: db/functions.sql), so the DRE's
//   sales_revenue and product_costs, the margins and the dashboard's revenue are net.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { estornoMethodOf } from '../../../shared/caixa';
import type { PaymentMethod, RefundMethod, SaleReturn } from '../../../shared/contract';
import { dayInSaoPaulo } from '../../../shared/dates';
import type { DbOrTx } from '../../db/client';
import {
  accountsReceivable,
  saleItems,
  saleReturnLines,
  saleReturns,
  type SaleReturnRow,
  type SaleRow,
  storeCreditPayouts,
  users,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { writeCashEntries } from '../../ledgers/cash-book';
import { saleIncomeDescription } from '../records/sale-effects';
import { loadSalePayments } from '../records/sale-payments';
import { creditStoreCredit } from '../records/store-credit';

export const ESTORNO_NEEDS_CARD =
  'Esta venda não foi paga com cartão, Pix ou transferência: devolva em dinheiro ou em vale-troca.';

export const refundDescription = (sale: Pick<SaleRow, 'number' | 'customerName'>) =>
  `Devolução - ${saleIncomeDescription(sale)}`;

/** Units already returned of each sale line. */
export async function returnedByItem(
  t: DbOrTx,
  tenantId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const l = saleReturnLines;
  const rows = await t
    .select({ id: l.saleItemId, n: sql<number>`sum(${l.quantity})::int` })
    .from(l)
    .where(and(eq(l.tenantId, tenantId), inArray(l.saleItemId, [...itemIds])))
    .groupBy(l.saleItemId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export interface Refund {
  /** centavos taken off open instalments */
  installments: number;
  paymentMethod: PaymentMethod | null;
  storeCreditBalance: number | null;
}

/** Reduces the sale's open instalments by up to `amount`, the last ones first: what it took. */
async function reduceInstalments(t: DbOrTx, sale: SaleRow, amount: number, now: Date): Promise<number> {
  if (sale.paymentMethod !== 'crediario') return 0;
  const r = accountsReceivable;
  const open = await t
    .select()
    .from(r)
    .where(and(eq(r.tenantId, sale.tenantId), eq(r.saleId, sale.id), eq(r.status, 'pending')))
    .orderBy(desc(r.installmentNumber))
    .for('update');
  let left = amount;
  for (const instalment of open) {
    if (left === 0) break;
    const own = and(eq(r.tenantId, sale.tenantId), eq(r.id, instalment.id));
    if (instalment.amount <= left) {
      left -= instalment.amount;
      await t.update(r).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(own);
    } else {
      await t
        .update(r)
        .set({ amount: instalment.amount - left, updatedAt: now })
        .where(own);
      left = 0;
    }
  }
  return amount - left;
}

/** The card, Pix or transfer method an estorno goes back on (shared/caixa.ts: the same on the device). */
async function estornoMethod(t: DbOrTx, sale: SaleRow): Promise<PaymentMethod> {
  const method = estornoMethodOf(await loadSalePayments(t, sale.tenantId, [sale.id]));
  if (!method) throw badRequest(ESTORNO_NEEDS_CARD, [{ path: 'refund_method', message: ESTORNO_NEEDS_CARD }]);
  return method as PaymentMethod;
}

/** The money side of a return of `amount` centavos (see the file's header). */
export async function refundReturn(
  t: DbOrTx,
  sale: SaleRow,
  r: { id: string; amount: number; method: RefundMethod; returnedAt: Date; userId: string | null },
): Promise<Refund> {
  const now = new Date();
  const installments = await reduceInstalments(t, sale, r.amount, now);
  const rest = r.amount - installments;
  if (r.method === 'vale_troca') {
    const balance =
      rest > 0
        ? await creditStoreCredit(t, sale.tenantId, {
            customerId: sale.customerId,
            amount: rest,
            returnId: r.id,
            userId: r.userId,
          })
        : null;
    return { installments, paymentMethod: null, storeCreditBalance: balance };
  }
  const paymentMethod = r.method === 'dinheiro' ? 'cash' : await estornoMethod(t, sale);
  if (rest > 0) await bookRefund(t, sale, { amount: rest, paymentMethod, at: r.returnedAt });
  return { installments, paymentMethod, storeCreditBalance: null };
}

/**
 * The cash-book expense of money given back to a sale's customer (category Vendas, on the
 * São Paulo day it left): a return paid back in dinheiro or by estorno, and the vale-troca
 * given back in cash (store-credit-payout.ts). The caixa counts it out of its session from
 * the document that names the session (the return, the payout: cash-session-figures.ts).
 */
export async function bookRefund(
  t: DbOrTx,
  sale: Pick<SaleRow, 'tenantId' | 'id' | 'number' | 'customerName'>,
  money: { amount: number; paymentMethod: PaymentMethod; at: Date; payout?: { description: string } },
): Promise<void> {
  await writeCashEntries(t, [
    {
      kind: money.payout ? 'payout' : 'refund',
      tenantId: sale.tenantId,
      saleId: sale.id,
      date: dayInSaoPaulo(money.at),
      description: money.payout?.description ?? refundDescription(sale),
      amount: money.amount,
      paymentMethod: money.paymentMethod,
    },
  ]);
}

/** The returned lines' value and cost counted out of the sales' day totals on the return's day. */
export async function countReturnOut(
  t: DbOrTx,
  tenantId: string,
  returnedAt: Date,
  lines: readonly { productId: string; amount: number; cost: number }[],
): Promise<void> {
  const day = dayInSaoPaulo(returnedAt);
  const json = JSON.stringify(lines.map((l) => ({ product: l.productId, revenue: -l.amount, cost: -l.cost })));
  await t.execute(sql`
    WITH x AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(product uuid, revenue bigint, cost bigint))
    SELECT sales_days_add(ARRAY[${tenantId}::uuid], ARRAY[${day}::date], ARRAY[0::bigint],
                          ARRAY[(SELECT sum(revenue) FROM x)::bigint], ARRAY[(SELECT sum(cost) FROM x)::bigint]),
           sale_product_days_add((SELECT array_agg(${tenantId}::uuid) FROM x), (SELECT array_agg(${day}::date) FROM x),
                                 (SELECT array_agg(product) FROM x), (SELECT array_agg(0::bigint) FROM x),
                                 (SELECT array_agg(revenue) FROM x), (SELECT array_agg(cost) FROM x))`);
}

/** Returns as the API answers them (by id, or every return of a sale), oldest first. */
export async function loadReturns(
  t: DbOrTx,
  tenantId: string,
  by: { returnIds?: readonly string[]; saleId?: string },
): Promise<SaleReturn[]> {
  const r = saleReturns;
  const p = storeCreditPayouts;
  const paidOut = sql<number>`(SELECT coalesce(sum(${p.amount}), 0)::float8 FROM ${p}
                               WHERE ${p.tenantId} = ${r.tenantId} AND ${p.returnId} = ${r.id})`;
  const found = await t
    .select({ row: r, approver: users.name, paidOut })
    .from(r)
    .leftJoin(users, and(eq(users.tenantId, r.tenantId), eq(users.id, r.approvedBy)))
    .where(
      and(eq(r.tenantId, tenantId), by.saleId ? eq(r.saleId, by.saleId) : inArray(r.id, [...(by.returnIds ?? [])])),
    )
    .orderBy(asc(r.returnedAt), asc(r.createdAt));
  if (found.length === 0) return [];
  const rows = found.map((f) => f.row);
  const approvers = new Map(found.map((f) => [f.row.id, f.approver]));
  const paidOuts = new Map(found.map((f) => [f.row.id, Number(f.paidOut)]));
  const l = saleReturnLines;
  const lines = await t
    .select({ line: l, name: saleItems.productName, position: saleItems.position })
    .from(l)
    .innerJoin(saleItems, and(eq(saleItems.tenantId, l.tenantId), eq(saleItems.id, l.saleItemId)))
    .where(
      and(
        eq(l.tenantId, tenantId),
        inArray(
          l.returnId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(saleItems.position));
  return rows.map((row) =>
    toSaleReturn(
      row,
      lines.filter((x) => x.line.returnId === row.id),
      approvers.get(row.id) ?? null,
      paidOuts.get(row.id) ?? 0,
    ),
  );
}

function toSaleReturn(
  row: SaleReturnRow,
  lines: readonly { line: typeof saleReturnLines.$inferSelect; name: string; position: number }[],
  approverName: string | null,
  cashPaidOut: number,
): SaleReturn {
  return {
    id: row.id,
    sale_id: row.saleId,
    customer_id: row.customerId,
    reason: row.reason,
    refund_method: row.refundMethod,
    refund_payment_method: row.refundPaymentMethod,
    amount: row.amount,
    installments: row.installments,
    refunded: row.refunded,
    cash_paid_out: cashPaidOut,
    lines: lines.map(({ line, name, position }) => ({
      sale_item_id: line.saleItemId,
      position,
      product_id: line.productId,
      product_name: name,
      quantity: line.quantity,
      amount: line.amount,
      damaged: line.damaged,
    })),
    offline: row.offline,
    limit_conflict: row.limitConflict,
    approved_by: row.approvedBy,
    approved_by_name: row.approvedBy ? approverName : null,
    cash_session_id: row.cashSessionId,
    returned_at: row.returnedAt.toISOString(),
    store_credit_balance: null,
  };
}
