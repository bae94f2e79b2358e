// Stock moved by anything but a sale: a manual adjustment, a stock entry (NF-e import), a
// count. The same one writer (stock.ts): the products row-locked in id order, the stock
// and its movement written in one statement. Other areas call moveStock; the NF-e import
// enters its lines with kind 'nfe_entry' and its entry id.
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import type { StockAfter } from '../../shared/contract';
import { lockProducts, stockWritesOf, writeStock, type StockMovementOf } from './stock';

export interface StockChange {
  productId: string;
  /** Signed units: into stock (positive) or out of it (negative). */
  quantity: number;
}

/**
 * Moves the stock of each product by its quantity (several changes of one product add
 * up; a total of zero writes nothing) and records the movement with each. Stock may go
 * below zero only when `allowNegative` (a count or an entry states what is there; an
 * adjustment down past zero is refused with INSUFFICIENT_STOCK). Call inside the
 * caller's transaction: the products stay locked until it ends.
 */
export async function moveStock(
  t: DbOrTx,
  tenantId: string,
  changes: readonly StockChange[],
  movement: StockMovementOf,
  { allowNegative = true, now = new Date() }: { allowNegative?: boolean; now?: Date } = {},
): Promise<StockAfter[]> {
  if (changes.length === 0) return [];
  const rows = await lockProducts(
    t,
    tenantId,
    changes.map((c) => c.productId),
  );
  if (changes.some((c) => !rows.get(c.productId) || rows.get(c.productId)!.deletedAt)) {
    throw notFound('Produto não encontrado.');
  }
  const moves = changes.map((c) => ({ productId: c.productId, take: -c.quantity }));
  return writeStock(t, tenantId, stockWritesOf(moves, rows, { allowNegative, movement }), now);
}

/** An NF-e's lines entering stock (kind 'nfe_entry', the entry's id on each movement). */
export function enterStock(
  t: DbOrTx,
  tenantId: string,
  changes: readonly StockChange[],
  { entryId, userId, reason = null }: { entryId: string; userId: string | null; reason?: string | null },
): Promise<StockAfter[]> {
  return moveStock(t, tenantId, changes, { kind: 'nfe_entry', entryId, userId, reason });
}
