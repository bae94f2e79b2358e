// The conflicts admins review (sale_conflicts, written in each sale's own write:
// sale-plan.ts): listed newest first with the sale's details (who sold, which device, when,
// what differs), counted while open, and marked as reviewed.
import { aliasedTable, and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  type Pagination,
  type SaleConflict,
  type SaleConflictKind,
  type SaleConflictListQuery,
} from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { saleConflicts, sales, users } from '../db/schema';
import { notFound } from '../errors';

export const SALE_CONFLICT_NOT_FOUND = 'Conflito não encontrado.';

const c = saleConflicts;
const seller = aliasedTable(users, 'seller');
const reviewer = aliasedTable(users, 'reviewer');

function select(db: DbOrTx) {
  return db
    .select({ conflict: c, sale: sales, soldBy: seller.name, reviewedBy: reviewer.name })
    .from(c)
    .innerJoin(sales, and(eq(sales.tenantId, c.tenantId), eq(sales.id, c.saleId)))
    .leftJoin(seller, and(eq(seller.tenantId, c.tenantId), eq(seller.id, sales.createdBy)))
    .leftJoin(reviewer, and(eq(reviewer.tenantId, c.tenantId), eq(reviewer.id, c.reviewedBy)));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

function toConflict({ conflict, sale, soldBy, reviewedBy }: Row): SaleConflict {
  return {
    id: conflict.id,
    kind: conflict.kind,
    sale_id: sale.id,
    sale_total: sale.total,
    sale_status: sale.saleStatus,
    customer_name: sale.customerName,
    sold_by: soldBy,
    device_id: sale.deviceId,
    device_label: sale.deviceLabel,
    offline: sale.offline,
    sold_at: sale.soldAt.toISOString(),
    received_at: sale.receivedAt.toISOString(),
    claimed_sold_at: conflict.kind === 'clock' ? (sale.claimedSoldAt?.toISOString() ?? null) : null,
    stock: conflict.kind === 'stock' ? sale.stockConflicts : [],
    price: conflict.kind === 'price' ? sale.priceConflicts : [],
    created_at: conflict.createdAt.toISOString(),
    reviewed_at: conflict.reviewedAt?.toISOString() ?? null,
    reviewed_by: reviewedBy,
  };
}

/** How many of the tenant's conflicts nobody reviewed yet. */
export async function openConflictCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), isNull(c.reviewedAt)));
  return row?.n ?? 0;
}

export async function listSaleConflicts(
  db: DbOrTx,
  tenantId: string,
  query: SaleConflictListQuery,
): Promise<{ conflicts: SaleConflict[]; pagination: Pagination; open_count: number }> {
  const status = query.status ?? 'open';
  const filters: SQL[] = [eq(c.tenantId, tenantId)];
  if (status === 'open') filters.push(isNull(c.reviewedAt));
  if (status === 'reviewed') filters.push(isNotNull(c.reviewedAt));
  const where = and(...filters);
  const [{ rows, pagination }, open] = await Promise.all([
    pageOf(
      select(db).where(where).orderBy(desc(c.createdAt), desc(c.id)).$dynamic(),
      db.select({ total: count() }).from(c).where(where),
      query,
    ),
    openConflictCount(db, tenantId),
  ]);
  return { conflicts: rows.map(toConflict), pagination, open_count: open };
}

/** Marks one conflict as reviewed; one already reviewed stays as it was (who and when). */
export async function reviewSaleConflict(
  db: DbOrTx,
  tenantId: string,
  userId: string | null,
  id: string,
  tx?: DbOrTx,
): Promise<SaleConflict> {
  return inTransaction(db, tx, async (t) => {
    const own = and(eq(c.tenantId, tenantId), eq(c.id, id));
    await t
      .update(c)
      .set({ reviewedAt: new Date(), reviewedBy: userId })
      .where(and(own, isNull(c.reviewedAt)));
    const [row] = await select(t).where(own);
    if (!row) throw notFound(SALE_CONFLICT_NOT_FOUND);
    return toConflict(row);
  });
}

/** Flags a sale for admins (one row per kind; flagged again, it is open again). */
export async function flagSale(
  t: DbOrTx,
  tenantId: string,
  saleId: string,
  kind: SaleConflictKind,
  now: Date,
): Promise<void> {
  await t
    .insert(saleConflicts)
    .values({ tenantId, saleId, kind, createdAt: now })
    .onConflictDoUpdate({
      target: [saleConflicts.tenantId, saleConflicts.saleId, saleConflicts.kind],
      set: { reviewedAt: null, reviewedBy: null, createdAt: now },
    });
}
