// Reading a stock count: the count with its totals so far, and the products it covers
// (those its filter finds, live ones) with what was counted of each.
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  paginationOf,
  type StockCount,
  type StockCountLine,
  type StockCountLinesQuery,
  type StockCountListQuery,
  type StockCountTotals,
} from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { products, stockCountItems, stockCounts, users } from '../db/schema';
import { notFound } from '../errors';
import { productSearch } from '../catalogue/products';

export const STOCK_COUNT_NOT_FOUND = 'Inventário não encontrado.';

type CountRow = typeof stockCounts.$inferSelect;

/** The live products of the store a count covers (its filter, and the screen's search). */
export function coveredProducts(tenantId: string, countSearch: string | null, search?: string): SQL {
  return and(
    eq(products.tenantId, tenantId),
    isNull(products.deletedAt),
    countSearch ? productSearch(countSearch) : undefined,
    search ? productSearch(search) : undefined,
  )!;
}

const itemOf = (tenantId: string, countId: string) =>
  and(
    eq(stockCountItems.tenantId, tenantId),
    eq(stockCountItems.countId, countId),
    eq(stockCountItems.productId, products.id),
  );

export async function countTotals(db: DbOrTx, tenantId: string, row: CountRow): Promise<StockCountTotals> {
  const [covered] = await db.select({ n: count() }).from(products).where(coveredProducts(tenantId, row.search));
  const diff = sql`(${stockCountItems.counted} - ${stockCountItems.stockWhenCounted})`;
  const [sums] = await db
    .select({
      counted: count(),
      differing: sql<number>`count(*) FILTER (WHERE ${diff} <> 0)`.mapWith(Number),
      units: sql<number>`coalesce(sum(${diff}), 0)`.mapWith(Number),
      value: sql<number>`coalesce(sum(${diff} * ${products.costPrice}), 0)`.mapWith(Number),
    })
    .from(stockCountItems)
    .innerJoin(products, itemOf(tenantId, row.id))
    .where(and(eq(stockCountItems.tenantId, tenantId), eq(stockCountItems.countId, row.id)));
  return {
    products: covered?.n ?? 0,
    counted: sums?.counted ?? 0,
    differing: sums?.differing ?? 0,
    difference_units: sums?.units ?? 0,
    difference_value: sums?.value ?? 0,
  };
}

async function toStockCount(db: DbOrTx, tenantId: string, row: CountRow, createdByName: string | null) {
  return {
    id: row.id,
    status: row.status,
    search: row.search,
    created_by_name: createdByName,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    totals: await countTotals(db, tenantId, row),
  } satisfies StockCount;
}

const withCreator = (db: DbOrTx) =>
  db
    .select({ count: stockCounts, createdByName: users.name })
    .from(stockCounts)
    .leftJoin(users, and(eq(users.tenantId, stockCounts.tenantId), eq(users.id, stockCounts.createdBy)));

export async function getStockCount(db: DbOrTx, tenantId: string, id: string): Promise<StockCount> {
  const [found] = await withCreator(db).where(and(eq(stockCounts.tenantId, tenantId), eq(stockCounts.id, id)));
  if (!found) throw notFound(STOCK_COUNT_NOT_FOUND);
  return toStockCount(db, tenantId, found.count, found.createdByName);
}

/** The store's counts, newest first (an open one is always the newest: one open at a time). */
export async function listStockCounts(db: DbOrTx, tenantId: string, query: StockCountListQuery) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(stockCounts)
    .where(eq(stockCounts.tenantId, tenantId));
  const rows = await withCreator(db)
    .where(eq(stockCounts.tenantId, tenantId))
    .orderBy(desc(stockCounts.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const counts: StockCount[] = [];
  for (const r of rows) counts.push(await toStockCount(db, tenantId, r.count, r.createdByName));
  return { counts, pagination: paginationOf(query.page, query.limit, total) };
}

export async function countRow(db: DbOrTx, tenantId: string, id: string): Promise<CountRow> {
  const [row] = await db
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.tenantId, tenantId), eq(stockCounts.id, id)));
  if (!row) throw notFound(STOCK_COUNT_NOT_FOUND);
  return row;
}

const lineColumns = {
  product: products,
  counted: stockCountItems.counted,
  stockWhenCounted: stockCountItems.stockWhenCounted,
  countedAt: stockCountItems.countedAt,
};

function toLine(r: {
  product: typeof products.$inferSelect;
  counted: number | null;
  stockWhenCounted: number | null;
  countedAt: Date | null;
}): StockCountLine {
  const p = r.product;
  return {
    product_id: p.id,
    sku: p.sku,
    name: p.name,
    size: p.size,
    color: p.color,
    barcode: p.barcode,
    current_stock: p.currentStock,
    cost_price: p.costPrice,
    counted: r.counted,
    stock_when_counted: r.stockWhenCounted,
    counted_at: r.countedAt?.toISOString() ?? null,
    difference: r.counted === null || r.stockWhenCounted === null ? null : r.counted - r.stockWhenCounted,
  };
}

/** The products a count covers, by name, with what was counted of each (paged, searchable). */
export async function listStockCountLines(db: DbOrTx, tenantId: string, id: string, query: StockCountLinesQuery) {
  const row = await countRow(db, tenantId, id);
  const where = coveredProducts(tenantId, row.search, query.search);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select(lineColumns)
    .from(products)
    .leftJoin(stockCountItems, itemOf(tenantId, id))
    .where(where)
    .orderBy(products.name, products.id)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { lines: rows.map(toLine), pagination: paginationOf(query.page, query.limit, total) };
}

/** One product's line of a count. */
export async function stockCountLine(db: DbOrTx, tenantId: string, id: string, productId: string) {
  const [r] = await db
    .select(lineColumns)
    .from(products)
    .leftJoin(stockCountItems, itemOf(tenantId, id))
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  if (!r) throw notFound('Produto não encontrado.');
  return toLine(r);
}
