// Stock shown and checked at the till = the mirrored server stock minus the quantities
// of this device's sales not yet acknowledged, plus the units its queued returns put back.
// Server stock always wins: after a sale or a return is acknowledged its quantities leave
// the overlay and the mirror holds the server's number (moved on ack, corrected by the
// next pull).
import type { StockAfter } from '../../shared/contract/sales';
import type { BalcaoDb, LocalSale, MirrorProduct, OutboxEntry } from './db';
import { getProducts, putNewerProducts } from './product-store';

type Restock = NonNullable<OutboxEntry['restock']>;

/** product id => units sold here and not yet acknowledged, less those queued returns put back */
export async function pendingQuantities(db: BalcaoDb): Promise<Map<string, number>> {
  const pending = await db.sales.where('state').equals('pending').toArray();
  const totals = sumQuantities(pending);
  const returns = await db.outbox
    .where('status')
    .equals('pending')
    .filter((e) => e.restock !== undefined)
    .toArray();
  for (const [id, units] of restocked(returns.flatMap((e) => e.restock!)))
    totals.set(id, (totals.get(id) ?? 0) - units);
  return totals;
}

/** product id => units put back, over the lines of returns. */
function restocked(restock: Restock): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of restock) out.set(r.productId, (out.get(r.productId) ?? 0) + r.quantity);
  return out;
}

/**
 * A delivered return (in the acknowledging transaction, or after the server's direct
 * answer): the mirror takes the units the server just put back, so the shown stock does
 * not fall back when the return leaves the overlay.
 */
export async function applyDeliveredRestock(db: BalcaoDb, restock: Restock): Promise<void> {
  const units = restocked(restock);
  const ids = [...units.keys()];
  const current = await getProducts(db, ids);
  const changed = current.flatMap((product, i) =>
    product ? [{ ...product, current_stock: product.current_stock + units.get(ids[i]!)! }] : [],
  );
  await putNewerProducts(db, changed);
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
 * On acknowledgement (inside its transaction, over sales, products and productChunks):
 * the sale leaves the overlay and the mirror takes the decrement the server just made,
 * so the shown stock does not jump back up; where the server sent its exact stock after
 * the sale (`stock_after`), the mirror takes that number instead, unless a pull already
 * brought a newer version.
 */
export async function applyAcknowledgedSale(
  db: BalcaoDb,
  saleId: string,
  conflicts: number,
  after: readonly StockAfter[] = [],
): Promise<void> {
  const sale = await db.sales.get(saleId);
  if (!sale || sale.state !== 'pending') return;
  const sold = sumQuantities([sale]);
  const ids = [...new Set([...sold.keys(), ...after.map((a) => a.product_id)])];
  const current = await getProducts(db, ids);
  const exact = new Map(after.map((a) => [a.product_id, a]));
  const changed: MirrorProduct[] = [];
  ids.forEach((id, i) => {
    const product = current[i];
    if (!product) return;
    const server = exact.get(id);
    if (server && server.version >= product.version) {
      changed.push({ ...product, current_stock: server.current_stock, version: server.version });
    } else if (sold.has(id)) {
      changed.push({ ...product, current_stock: product.current_stock - sold.get(id)! });
    }
  });
  await putNewerProducts(db, changed);
  await db.sales.update(saleId, { state: 'synced', conflicts });
}
