// Stock shown and checked at the till = the mirrored server stock minus the quantities
// of this device's sales not yet acknowledged. Server stock always wins: after a sale
// is acknowledged its quantities leave the overlay and the mirror holds the server's
// number (decremented on ack, corrected by the next pull).
import type { BalcaoDb, LocalSale } from './db';

/** product id => units sold here and not yet acknowledged */
export async function pendingQuantities(db: BalcaoDb): Promise<Map<string, number>> {
  const pending = await db.sales.where('state').equals('pending').toArray();
  return sumQuantities(pending);
}

export function sumQuantities(sales: Pick<LocalSale, 'items'>[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const sale of sales) {
    for (const item of sale.items) totals.set(item.product_id, (totals.get(item.product_id) ?? 0) + item.quantity);
  }
  return totals;
}

export function availableStock(
  product: { id: string; current_stock: number },
  pending: ReadonlyMap<string, number>,
): number {
  return product.current_stock - (pending.get(product.id) ?? 0);
}

/**
 * On acknowledgement (inside its transaction): the sale leaves the overlay and the
 * mirror takes the decrement the server just made, so the shown stock does not jump
 * back up until the next pull brings the server's exact number.
 */
export async function applyAcknowledgedSale(db: BalcaoDb, saleId: string, conflicts: number): Promise<void> {
  const sale = await db.sales.get(saleId);
  if (!sale || sale.state !== 'pending') return;
  for (const [productId, quantity] of sumQuantities([sale])) {
    const product = await db.products.get(productId);
    if (product) await db.products.update(productId, { current_stock: product.current_stock - quantity });
  }
  await db.sales.update(saleId, { state: 'synced', conflicts });
}
