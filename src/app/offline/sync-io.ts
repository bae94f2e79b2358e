// The sync engine's two conversations with the server: reading a mirror page, and
// reading the answer to a delivered sale (in the acknowledging transaction).
import { SyncPullResponseSchema } from '../../shared/contract/sync';
import type { ApiClient } from '../lib/api-client';
import { INVALID_RESPONSE_TEXT } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import type { StockAfter } from '../../shared/contract/sales';
import { settleAccountChange } from './account-changes';
import type { BalcaoDb, OutboxEntry } from './db';
import type { FetchPage, PullPage } from './mirror';
import { applyAcknowledgedSale } from './stock';

/** The number of stock conflicts in the server's answer to POST /api/sales. */
export function conflictCount(body: unknown): number {
  const conflicts = (body as { data?: { stock_conflicts?: unknown } } | null)?.data?.stock_conflicts;
  return Array.isArray(conflicts) ? conflicts.length : 0;
}

/** The server's stock right after the sale (`stock_after`), when it sent it. */
export function stockAfter(body: unknown): StockAfter[] {
  const rows = (body as { data?: { stock_after?: unknown } } | null)?.data?.stock_after;
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (r): r is StockAfter =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as StockAfter).product_id === 'string' &&
      Number.isInteger((r as StockAfter).current_stock) &&
      Number.isInteger((r as StockAfter).version),
  );
}

/**
 * In the acknowledging transaction: a delivered sale's effect on the mirror (stock.ts);
 * a delivered account change settles its overlay (account-changes.ts).
 */
export async function onAck(db: BalcaoDb, entry: OutboxEntry, body: unknown): Promise<void> {
  if (entry.kind === 'account') await settleAccountChange(db, entry);
  if (entry.kind !== 'sale') return;
  await applyAcknowledgedSale(db, entry.id, conflictCount(body), stockAfter(body));
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
