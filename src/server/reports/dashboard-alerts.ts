// The dashboard's alerts (spec §2 'Alertas do Sistema'): products below their minimum stock
// (spec §9: current < minimum; with size and colour, so the owner knows which variant to
// reorder), overdue receivables and overdue payables, each list at most
// OVERDUE_LIST_MAX long (the most urgent first) with the full count beside it. Day-scoped
// callers (cashiers) get receivables by the receivables' today scope (none of those is
// overdue yet) and no payables (they have no accounts_payable permission). Admins also get
// how many sale conflicts nobody reviewed yet (conflicts/sale-conflicts.ts), and the A1
// certificate from CERTIFICATE_WARNING_DAYS before it expires, the NFC-e SEFAZ rejected and
// the contingency notes still pending with their deadline, and the notes replaced by a till's
// contingency note left valid beside it; the others 0 and null.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { daysOverdue } from '../../shared/accounts';
import { OVERDUE_LIST_MAX } from '../../shared/contract/accounts';
import type { Alerts } from '../../shared/contract/dashboard';
import { todayIso } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { overduePayables } from '../finance/payables';
import { overdueReceivables } from '../finance/receivables';
import { openConflictCount } from '../conflicts/sale-conflicts';
import {
  certificateExpiryAlert,
  contingencyNotesAlert,
  rejectedNoteCount,
  replacedNoteCount,
} from '../fiscal/fiscal-alerts';

/** Live products below their minimum, the furthest below first, and how many there are. */
export async function lowStockProducts(db: DbOrTx, tenantId: string) {
  const p = products;
  const rows = await db
    .select({
      id: p.id,
      name: p.name,
      size: p.size,
      color: p.color,
      currentStock: p.currentStock,
      minStock: p.minimumStock,
      total: sql<number>`count(*) OVER ()::int`.mapWith(Number),
    })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), isNull(p.deletedAt), lt(p.currentStock, p.minimumStock)))
    .orderBy(sql`${p.currentStock} - ${p.minimumStock}`, p.name, p.id)
    .limit(OVERDUE_LIST_MAX);
  return { data: rows.map(({ total: _total, ...item }) => item), count: rows[0]?.total ?? 0 };
}

export async function dashboardAlerts(db: DbOrTx, tenantId: string, dayScoped: boolean): Promise<Alerts> {
  const today = todayIso();
  const noPayables = { data: [], count: 0 };
  const [lowStock, receivables, payables, saleConflicts, certificateExpiry, rejectedNotes, contingencyNotes, replacedNotes] = // prettier-ignore
    await Promise.all([
      lowStockProducts(db, tenantId),
      overdueReceivables(db, tenantId, dayScoped ? { start_date: today, end_date: today } : {}),
      dayScoped ? noPayables : overduePayables(db, tenantId),
      dayScoped ? 0 : openConflictCount(db, tenantId),
      dayScoped ? null : certificateExpiryAlert(db, tenantId),
      dayScoped ? 0 : rejectedNoteCount(db, tenantId),
      dayScoped ? null : contingencyNotesAlert(db, tenantId),
      dayScoped ? 0 : replacedNoteCount(db, tenantId),
    ]);
  return {
    lowStock: lowStock.data,
    overdueReceivables: receivables.data.map((r) => ({
      id: r.id,
      // An account entered without a customer is named by its description.
      customer_name: r.customer?.name ?? r.description,
      daysOverdue: daysOverdue(r.due_date, today),
      amount: r.amount,
    })),
    overduePayables: payables.data.map((p) => ({
      id: p.id,
      supplier_name: p.supplier_name,
      daysOverdue: daysOverdue(p.due_date, today),
      amount: p.amount,
    })),
    counts: { lowStock: lowStock.count, overdueReceivables: receivables.count, overduePayables: payables.count },
    saleConflicts,
    certificateExpiry,
    rejectedNotes,
    contingencyNotes,
    replacedNotes,
  };
}
