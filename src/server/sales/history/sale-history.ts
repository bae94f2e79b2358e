// The sales history (Histórico de Vendas): the filtered list, newest first, and one sale's
// detail with what hangs on it (its instalments and which are paid, its caixa, its
// conflicts, who made and who cancelled it, its NFC-e: a LEFT JOIN on fiscal_notes). Cashiers list today only: the route passes
// their query through day-scope.ts; one sale they open within the troca period (sale-reach.ts). Indexes (migration 0016): the period walks
// sales_tenant_sold_at_idx backwards; cashier and device have their own; a number is unique.
import { and, asc, count, desc, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { type Pagination, type Sale, type SaleDetail, type SaleListQuery } from '../../../shared/contract';
import { stripDocument } from '../../../shared/documents';
import { parseSaleNumber } from '../../../shared/sale-number';
import { containsFolded, likePattern } from '../../core/like';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/pages';
import {
  accountsReceivable,
  cashSessions,
  customers,
  devices,
  fiscalNotes,
  saleConflicts,
  salePayments,
  sales,
  storeCreditLedger,
  users,
} from '../../db/schema';
import type { Role } from '../../../shared/permissions';
import { noteOfSale, noteReceiptColumns, toNoteReceipt } from '../../fiscal/note-receipt';
import { bySale, loadSalePayments, toSalePayment } from '../records/sale-payments';
import { checkSaleReach, saleIdByNumber } from '../records/sale-reach';
import { dayRange, loadSaleItems, loadSaleRow, saleOf, toSale } from '../records/sale-queries';

const hasConflicts = sql`${sales.stockConflicts} <> '[]'::jsonb`;

/**
 * The store's customers a typed customer filter names: text with a digit is a document
 * (CPF or CNPJ, stored bare: '529.982' finds '52998224725'), any other text the name, case
 * and accents aside (customers_search_idx). The sales are then found by customer_id
 * (sales_tenant_customer_idx), so the customer's name today finds all their sales. One
 * condition or the other, never both: an OR of the sale's name and the document kept the
 * planner off every index, and a year's count walked every sale (docs/performance.md).
 */
function customersNamed(tenantId: string, typed: string): SQL {
  const match = /\d/.test(typed)
    ? sql`${customers.document} LIKE ${likePattern(stripDocument(typed))}`
    : containsFolded(customers.name, typed);
  return sql`SELECT ${customers.id} FROM ${customers} WHERE ${customers.tenantId} = ${tenantId} AND ${match}`;
}

/** The list's WHERE (the bench runs the same one as its floor). */
export function saleListWhere(tenantId: string, query: SaleListQuery): SQL {
  const filters: (SQL | undefined)[] = [eq(sales.tenantId, tenantId), ...dayRange(query.start_date, query.end_date)];
  const search = query.search?.trim();
  if (search) filters.push(containsFolded(sales.customerName, search));
  const customer = query.customer?.trim();
  if (customer) filters.push(sql`${sales.customerId} IN (${customersNamed(tenantId, customer)})`);
  if (query.number?.trim()) {
    const typed = parseSaleNumber(query.number);
    if (!typed) filters.push(sql`false`);
    // Bare digits: the store's '0042' or any till's 42 ('A-0042', 'B-0042').
    else if (typed.anyDevice) filters.push(or(eq(sales.number, typed.number), like(sales.number, `%-${typed.number}`)));
    else filters.push(eq(sales.number, typed.number));
  }
  if (query.customer_id) filters.push(eq(sales.customerId, query.customer_id));
  if (query.payment_method) {
    // The sale's method, or any part of a split or a crediário's entrada paid by it.
    filters.push(
      or(
        eq(sales.paymentMethod, query.payment_method),
        sql`EXISTS (SELECT 1 FROM ${salePayments} p WHERE p.tenant_id = ${sales.tenantId}
                     AND p.sale_id = ${sales.id} AND p.method = ${query.payment_method})`,
      ),
    );
  }
  if (query.sale_status) filters.push(eq(sales.saleStatus, query.sale_status));
  if (query.created_by) filters.push(eq(sales.createdBy, query.created_by));
  if (query.device_id) filters.push(eq(sales.deviceId, query.device_id));
  if (query.conflicts === 'true') filters.push(hasConflicts);
  if (query.conflicts === 'false') filters.push(sql`not (${hasConflicts})`);
  return and(...filters)!;
}

/** user id -> name, for the users among `ids`. */
async function namesOf(db: DbOrTx, tenantId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listSales(
  db: DbOrTx,
  tenantId: string,
  query: SaleListQuery,
): Promise<{ sales: Sale[]; pagination: Pagination }> {
  const where = saleListWhere(tenantId, query);
  const { rows, pagination } = await pageOf(
    db
      .select({ sale: getTableColumns(sales), note: noteReceiptColumns })
      .from(sales)
      .leftJoin(fiscalNotes, noteOfSale)
      .where(where)
      .orderBy(desc(sales.soldAt), desc(sales.createdAt), desc(sales.id))
      .$dynamic(),
    db.select({ total: count() }).from(sales).where(where),
    query,
  );
  const ids = rows.map((r) => r.sale.id);
  const [items, parts, names] = await Promise.all([
    loadSaleItems(db, tenantId, ids),
    loadSalePayments(db, tenantId, ids),
    namesOf(
      db,
      tenantId,
      rows.map((r) => r.sale.createdBy),
    ),
  ]);
  const itemsBySale = bySale(items);
  const partsBySale = bySale(parts);
  return {
    sales: rows.map(({ sale: r, note }) => ({
      ...toSale(r, itemsBySale.get(r.id) ?? [], (partsBySale.get(r.id) ?? []).map(toSalePayment)),
      cashier_name: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
      fiscal_note: toNoteReceipt(note),
    })),
    pagination,
  };
}

/** GET /api/sales/{id}: the sale and everything that hangs on it (a cashier's within the troca period). */
export async function getSaleDetail(db: DbOrTx, tenantId: string, id: string, role: Role): Promise<SaleDetail> {
  const row = await loadSaleRow(db, tenantId, id);
  await checkSaleReach(db, tenantId, row.soldAt, role);
  const [sale, installments, session, conflicts, device, names, vale, note] = await Promise.all([
    saleOf(db, row),
    db
      .select()
      .from(accountsReceivable)
      .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.saleId, id)))
      .orderBy(asc(accountsReceivable.installmentNumber)),
    row.cashSessionId
      ? db
          .select()
          .from(cashSessions)
          .where(and(eq(cashSessions.tenantId, tenantId), eq(cashSessions.id, row.cashSessionId)))
      : Promise.resolve([]),
    db
      .select({ kind: saleConflicts.kind, reviewedAt: saleConflicts.reviewedAt })
      .from(saleConflicts)
      .where(and(eq(saleConflicts.tenantId, tenantId), eq(saleConflicts.saleId, id)))
      .orderBy(asc(saleConflicts.kind)),
    row.deviceId
      ? db
          .select({ code: devices.code, name: devices.name })
          .from(devices)
          .where(and(eq(devices.tenantId, tenantId), eq(devices.id, row.deviceId)))
      : Promise.resolve([]),
    namesOf(db, tenantId, [row.createdBy, row.cancelledBy]),
    // The vale-troca left right after the sale, as its use was recorded (a reprint says the same).
    db
      .select({ balanceAfter: storeCreditLedger.balanceAfter })
      .from(storeCreditLedger)
      .where(
        and(
          eq(storeCreditLedger.tenantId, tenantId),
          eq(storeCreditLedger.saleId, id),
          eq(storeCreditLedger.kind, 'use'),
        ),
      )
      .orderBy(desc(storeCreditLedger.seq))
      .limit(1),
    db
      .select(noteReceiptColumns)
      .from(sales)
      .leftJoin(fiscalNotes, noteOfSale)
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id))),
  ]);
  const [caixa] = session;
  return {
    ...sale,
    cashier_name: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    cancelled_by_name: row.cancelledBy ? (names.get(row.cancelledBy) ?? null) : null,
    installments: installments.map((r) => ({
      id: r.id,
      number: r.installmentNumber ?? 0,
      amount: r.amount,
      due_date: r.dueDate,
      status: r.status,
      payment_date: r.paymentDate,
    })),
    cash_session: caixa
      ? { id: caixa.id, device_label: caixa.deviceLabel, opened_at: caixa.openedAt.toISOString(), status: caixa.status }
      : null,
    conflicts: conflicts.map((c) => ({ kind: c.kind, reviewed_at: c.reviewedAt?.toISOString() ?? null })),
    device_code: device[0]?.code ?? null,
    device_name: device[0]?.name ?? null,
    store_credit_balance_after: vale[0]?.balanceAfter ?? null,
    fiscal_note: note[0] ? toNoteReceipt(note[0]) : null,
  };
}

/** GET /api/sales/lookup?number=: the store's one sale with exactly that number, as GET /api/sales/{id}. */
export async function saleByNumber(db: DbOrTx, tenantId: string, typed: string, role: Role): Promise<SaleDetail> {
  return getSaleDetail(db, tenantId, await saleIdByNumber(db, tenantId, typed), role);
}
