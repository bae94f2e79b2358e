// An admin corrects the lines of a completed, non-crediário sale: add, change, remove.
// Stock follows the online rule (409 beyond stock), the sale's total is recomputed from
// its lines and its income entry corrected (sale-effects.ts). Crediário sales are not
// edited: their installments were agreed on the total (cancel and sell again).
import { and, eq, max, sum } from 'drizzle-orm';
import type { Sale, SaleItemAdd, SaleItemUpdate } from '../../../shared/contract';
import { inTransaction, type DbOrTx } from '../../db/client';
import { saleItems, sales, type SaleItemRow, type SaleRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { syncSaleIncome } from '../records/sale-effects';
import { syncSinglePart } from '../records/sale-payments';
import { loadSaleRow, saleOf } from '../records/sale-queries';
import { assertItemsEditable, checkTotal, sellableProduct } from '../records/sale-rules';
import { hasReturns, SALE_HAS_RETURNS } from '../returns/sale-returns';
import { lockProducts, stockWritesOf, writeStock, type StockMove } from '../../ledgers/stock';

export const SALE_ITEM_NOT_FOUND = 'Item da venda não encontrado.';
export const DISCOUNTED_LINE =
  'Não é possível alterar um item com desconto (ou de uma venda com desconto no total). Cancele e registre uma nova venda.';

/** A line whose total carries a discount (its own, or a share of the sale's) is not edited. */
function assertNoDiscount(sale: SaleRow, item: SaleItemRow | null): void {
  if (sale.discount > 0 || (item && item.discount > 0)) throw conflict(DISCOUNTED_LINE);
}

/**
 * What an admin's change of a sale's lines needs first: the sale's lines editable, nothing
 * of it returned, and no discount on it or on the line changed.
 */
async function assertLinesChangeable(t: DbOrTx, sale: SaleRow, item: SaleItemRow | null): Promise<void> {
  assertItemsEditable(sale);
  if (await hasReturns(t, sale.tenantId, sale.id)) throw conflict(SALE_HAS_RETURNS);
  assertNoDiscount(sale, item);
}

/** One product's units a change of a line takes (negative: puts back), as a sale_edit movement. */
function lineStock(
  rows: Awaited<ReturnType<typeof lockProducts>>,
  sale: SaleRow,
  move: StockMove,
  userId: string | null,
  allowNegative: boolean,
) {
  return stockWritesOf([move], rows, { allowNegative, movement: { kind: 'sale_edit', saleId: sale.id, userId } });
}

export const LAST_ITEM = 'Uma venda precisa de pelo menos um item. Para desfazê-la, cancele a venda.';

const ownItem = (tenantId: string, id: string) => and(eq(saleItems.tenantId, tenantId), eq(saleItems.id, id));

async function loadItem(t: DbOrTx, tenantId: string, id: string): Promise<SaleItemRow> {
  const [row] = await t.select().from(saleItems).where(ownItem(tenantId, id));
  if (!row) throw notFound(SALE_ITEM_NOT_FOUND);
  return row;
}

/**
 * The sale's total from its lines, its income entry corrected, then the line's stock
 * written; the sale as shown.
 */
async function settle(t: DbOrTx, sale: SaleRow, stock: ReturnType<typeof lineStock>): Promise<Sale> {
  const [{ total } = { total: 0 }] = await t
    .select({ total: sum(saleItems.totalPrice).mapWith(Number) })
    .from(saleItems)
    .where(and(eq(saleItems.tenantId, sale.tenantId), eq(saleItems.saleId, sale.id)));
  checkTotal(total);
  const now = new Date();
  const [row] = await t
    .update(sales)
    .set({ total, updatedAt: now })
    .where(and(eq(sales.tenantId, sale.tenantId), eq(sales.id, sale.id)))
    .returning();
  await syncSinglePart(t, row!);
  await syncSaleIncome(t, row!, now);
  const shown = await saleOf(t, row!);
  await writeStock(t, sale.tenantId, stock, new Date());
  return shown;
}

export async function addSaleItem(
  db: DbOrTx,
  tenantId: string,
  input: SaleItemAdd,
  tx?: DbOrTx,
  userId: string | null = null,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await loadSaleRow(t, tenantId, input.sale_id, true);
    await assertLinesChangeable(t, sale, null);
    const rows = await lockProducts(t, tenantId, [input.product_id]);
    const product = sellableProduct(rows, input.product_id, { allowInactive: false });
    const stock = lineStock(rows, sale, { productId: product.id, take: input.quantity }, userId, false);
    const unitPrice = input.unit_price ?? product.salePrice;
    const [{ last } = { last: null }] = await t
      .select({ last: max(saleItems.position) })
      .from(saleItems)
      .where(and(eq(saleItems.tenantId, tenantId), eq(saleItems.saleId, sale.id)));
    await t.insert(saleItems).values({
      tenantId,
      saleId: sale.id,
      position: (last ?? -1) + 1,
      productId: product.id,
      productName: product.name,
      productSize: product.size,
      productColor: product.color,
      quantity: input.quantity,
      unitPrice,
      unitCost: product.costPrice,
      totalPrice: input.quantity * unitPrice,
    });
    return settle(t, sale, stock);
  });
}

export async function updateSaleItem(
  db: DbOrTx,
  tenantId: string,
  itemId: string,
  input: SaleItemUpdate,
  tx?: DbOrTx,
  userId: string | null = null,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const item = await loadItem(t, tenantId, itemId);
    const sale = await loadSaleRow(t, tenantId, item.saleId, true);
    await assertLinesChangeable(t, sale, item);
    const rows = await lockProducts(t, tenantId, [item.productId]);
    const take = input.quantity - item.quantity;
    const stock = lineStock(rows, sale, { productId: item.productId, take }, userId, false);
    const unitPrice = input.unit_price ?? item.unitPrice;
    await t
      .update(saleItems)
      .set({ quantity: input.quantity, unitPrice, totalPrice: input.quantity * unitPrice, updatedAt: new Date() })
      .where(ownItem(tenantId, item.id));
    return settle(t, sale, stock);
  });
}

export async function removeSaleItem(
  db: DbOrTx,
  tenantId: string,
  saleId: string,
  itemId: string,
  tx?: DbOrTx,
  userId: string | null = null,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await loadSaleRow(t, tenantId, saleId, true);
    const item = await loadItem(t, tenantId, itemId);
    if (item.saleId !== sale.id) throw notFound(SALE_ITEM_NOT_FOUND);
    await assertLinesChangeable(t, sale, item);
    const lines = await t
      .select({ id: saleItems.id })
      .from(saleItems)
      .where(and(eq(saleItems.tenantId, tenantId), eq(saleItems.saleId, sale.id)));
    if (lines.length <= 1) throw conflict(LAST_ITEM);
    const rows = await lockProducts(t, tenantId, [item.productId]);
    await t.delete(saleItems).where(ownItem(tenantId, item.id));
    // Putting units back never fails, whatever the stock (an offline oversale left it below 0).
    const restock = lineStock(rows, sale, { productId: item.productId, take: -item.quantity }, userId, true);
    return settle(t, sale, restock);
  });
}
