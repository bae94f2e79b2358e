// Reading sales: one sale with its lines and the stats (the filtered list: sale-history.ts).
// Day filters are São Paulo days of sold_at (when the sale happened at the till). Callers
// that are day-scoped (non-admins, spec §6) pass today's range; see sales-routes.ts.
import { and, asc, count, eq, gte, lt, sum, type SQL } from 'drizzle-orm';
import type { Sale, SaleItem, SalePayment, SaleStats } from '../../../shared/contract';
import { addDays, startOfDayUtc } from '../../../shared/dates';
import type { DbOrTx } from '../../db/client';
import { saleItems, sales, type SaleItemRow, type SaleRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { loadSalePayments, rowsOfSales, toSalePayment } from './sale-payments';

export const SALE_NOT_FOUND = 'Venda não encontrada.';

export function toSaleItem(row: SaleItemRow): SaleItem {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    product_size: row.productSize,
    product_color: row.productColor,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    total_price: row.totalPrice,
    discount: row.discount,
  };
}

export function toSale(row: SaleRow, items: readonly SaleItemRow[], payments: readonly SalePayment[]): Sale {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customerId,
    customer_name: row.customerName,
    items: items.map(toSaleItem),
    total: row.total,
    discount: row.discount,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    sale_status: row.saleStatus,
    crediario: row.crediario ?? null,
    payments: [...payments],
    stock_conflicts: row.stockConflicts,
    price_conflicts: row.priceConflicts,
    offline: row.offline,
    notes: row.notes,
    created_by: row.createdBy,
    sold_at: row.soldAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    claimed_sold_at: row.claimedSoldAt?.toISOString() ?? null,
    device_label: row.deviceLabel,
    cash_session_id: row.cashSessionId,
    device_id: row.deviceId,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancel_reason: row.cancelReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const ownSale = (tenantId: string, id: string) => and(eq(sales.tenantId, tenantId), eq(sales.id, id));

/** The sale's row, optionally row-locked; 404 when it is not the tenant's. */
export async function loadSaleRow(t: DbOrTx, tenantId: string, id: string, forUpdate = false): Promise<SaleRow> {
  const query = t.select().from(sales).where(ownSale(tenantId, id));
  const [row] = forUpdate ? await query.for('no key update') : await query;
  if (!row) throw notFound(SALE_NOT_FOUND);
  return row;
}

/** The sale's row locked for a change; 409 (`cancelledText`) when it was cancelled: a cancelled sale changes no more. */
export async function lockSaleToChange(t: DbOrTx, tenantId: string, id: string, cancelledText: string) {
  const sale = await loadSaleRow(t, tenantId, id, true);
  if (sale.saleStatus === 'cancelled') throw conflict(cancelledText);
  return sale;
}

export const loadSaleItems = (t: DbOrTx, tenantId: string, saleIds: readonly string[]): Promise<SaleItemRow[]> =>
  rowsOfSales(t, saleItems, saleItems.position, tenantId, saleIds);

/** A sale row with its lines, as the API shows it. */
export async function saleOf(t: DbOrTx, row: SaleRow): Promise<Sale> {
  const [items, payments] = await Promise.all([
    loadSaleItems(t, row.tenantId, [row.id]),
    loadSalePayments(t, row.tenantId, [row.id]),
  ]);
  return toSale(row, items, payments.map(toSalePayment));
}

export async function getSale(db: DbOrTx, tenantId: string, id: string): Promise<Sale> {
  return saleOf(db, await loadSaleRow(db, tenantId, id));
}

/** sold_at within São Paulo days [start, end] (either side optional). */
export function dayRange(start: string | undefined, end: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (start) out.push(gte(sales.soldAt, startOfDayUtc(start)));
  if (end) out.push(lt(sales.soldAt, startOfDayUtc(addDays(end, 1))));
  return out;
}

export async function saleStats(
  db: DbOrTx,
  tenantId: string,
  range: { start_date?: string | undefined; end_date?: string | undefined },
): Promise<SaleStats> {
  const where = and(eq(sales.tenantId, tenantId), ...dayRange(range.start_date, range.end_date));
  const rows = await db
    .select({
      status: sales.saleStatus,
      method: sales.paymentMethod,
      count: count(),
      total: sum(sales.total).mapWith(Number),
    })
    .from(sales)
    .where(where)
    .groupBy(sales.saleStatus, sales.paymentMethod)
    .orderBy(asc(sales.paymentMethod));
  const completed = rows.filter((r) => r.status === 'completed');
  const totalSales = completed.reduce((n, r) => n + r.count, 0);
  const totalRevenue = completed.reduce((n, r) => n + r.total, 0);
  return {
    total_sales: totalSales,
    total_revenue: totalRevenue,
    average_ticket: totalSales > 0 ? Math.round(totalRevenue / totalSales) : 0,
    cancelled_sales: rows.filter((r) => r.status === 'cancelled').reduce((n, r) => n + r.count, 0),
    by_payment_method: completed.map((r) => ({
      payment_method: r.method,
      count: r.count,
      total: r.total,
    })),
  };
}
