// The sync engine's two conversations with the server: reading a mirror page, and
// reading the answer to a delivered sale (in the acknowledging transaction).
import { SyncPullResponseSchema } from '../../shared/contract/sync';
import type { ApiClient } from '../lib/api-client';
import { INVALID_RESPONSE_TEXT } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { envelope } from '../../shared/contract/common';
import { SaleCreateResultSchema, type StockAfter } from '../../shared/contract/sales';
import { settleAccountChange } from './overlay-sync';
import type { BalcaoDb, OutboxEntry } from './db';
import type { FetchPage, PullPage } from './mirror';
import { applyAcknowledgedSale, applyDeliveredRestock } from './stock';
import { applyStoreCreditAnswer, settleReturnAnswer } from '../counter/returns';

/**
 * What the device reads of the server's answer to a new sale (POST /api/sales, or its part
 * of a batch), checked against the contract's own schema: the count of stock conflicts and
 * the stock right after the sale. An answer it cannot read changes nothing here (the
 * mirror's next pull brings the stock).
 */
const SaleAckSchema = envelope(
  SaleCreateResultSchema.pick({ stock_conflicts: true, stock_after: true }).extend({
    number: SaleCreateResultSchema.shape.number.optional(),
  }),
);

export function saleAckOf(body: unknown): { conflicts: number; stockAfter: StockAfter[]; number?: string } {
  const parsed = SaleAckSchema.safeParse(body);
  if (!parsed.success) return { conflicts: 0, stockAfter: [] };
  const { stock_conflicts, stock_after, number } = parsed.data.data;
  return { conflicts: stock_conflicts.length, stockAfter: stock_after ?? [], ...(number ? { number } : {}) };
}

/**
 * In the acknowledging transaction: a delivered sale's or return's effect on the mirror
 * (stock.ts), a return's or payout's vale-troca balance, a return's money out of the
 * caixa as the server counted it (returns.ts); a delivered account change settles
 * its overlay (account-changes.ts).
 */
export async function onAck(db: BalcaoDb, entry: OutboxEntry, body: unknown): Promise<void> {
  if (entry.kind === 'account') await settleAccountChange(db, entry);
  if ((entry.kind === 'return' || entry.kind === 'store-credit-payout') && entry.storeCredit)
    await applyStoreCreditAnswer(db, entry.storeCredit.customerId, body);
  if (entry.kind === 'return' && entry.restock) await applyDeliveredRestock(db, entry.restock);
  if (entry.kind === 'return') await settleReturnAnswer(db, entry.id, body);
  if (entry.kind !== 'sale') return;
  const ack = saleAckOf(body);
  if (ack.number) await db.sales.update(entry.id, { number: ack.number });
  await applyAcknowledgedSale(db, entry.id, ack.conflicts, ack.stockAfter);
}

/** GET /api/sync/pull, checked against the contract; rows are kept as sent (reais). */
export function createFetchPage(client: Pick<ApiClient, 'send'>): FetchPage {
  return async (since, limit) => {
    const body = await client.send('GET', '/sync/pull', { query: { since: since ?? undefined, limit } });
    const parsed = SyncPullResponseSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(INVALID_RESPONSE_TEXT, 200, 'INVALID_RESPONSE', parsed.error.issues);
    return (body as { data: PullPage }).data;
  };
}
