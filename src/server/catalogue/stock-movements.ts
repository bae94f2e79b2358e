// A product's stock movements, newest first, paged ('Movimentação de Estoque').
import { and, count, desc, eq } from 'drizzle-orm';
import { type StockMovement, type StockMovementList, type StockMovementListQuery } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { products, stockMovements, users } from '../db/schema';
import { notFound } from '../errors';
import { PRODUCT_NOT_FOUND } from './products';

export async function listStockMovements(
  db: DbOrTx,
  tenantId: string,
  productId: string,
  query: StockMovementListQuery,
): Promise<StockMovementList> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const m = stockMovements;
  const where = and(eq(m.tenantId, tenantId), eq(m.productId, productId));
  const { rows, pagination } = await pageOf(
    db
      .select({ movement: m, userName: users.name })
      .from(m)
      .leftJoin(users, and(eq(users.tenantId, m.tenantId), eq(users.id, m.userId)))
      .where(where)
      .orderBy(desc(m.seq))
      .$dynamic(),
    db.select({ total: count() }).from(m).where(where),
    query,
  );
  return {
    movements: rows.map(({ movement: r, userName }): StockMovement => ({
      id: r.id,
      kind: r.kind,
      quantity: r.quantity,
      stock_after: r.stockAfter,
      reason: r.reason,
      user_id: r.userId,
      user_name: userName,
      sale_id: r.saleId,
      entry_id: r.entryId,
      count_id: r.countId,
      created_at: r.createdAt.toISOString(),
    })),
    pagination,
  };
}
