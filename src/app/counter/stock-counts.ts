// Inventário on this device. Each counted quantity goes through the outbox like every
// change at the counter: written to IndexedDB first (a tablet that loses the connection,
// or is reloaded, keeps it), then sent as PUT /api/stock-counts/:id/lines/:productId with
// its row id as the Idempotency-Key and the moment it was counted (counted_at, the
// device's clock): the server compares it with the stock the system had at that moment,
// and a count that arrives after a newer one of the same product leaves the newer. Until
// the server has it, the screen shows the queued quantity over the server's line.
import type { StockCountLineUpdate } from '../../shared/contract/stock-counts';
import type { BalcaoDb, OutboxEntry } from '../offline/db';
import { addToOutbox, buildOutboxEntry, outboxRowsUnder } from '../offline/outbox';
import { OUTBOX_KINDS } from './outbox-kinds';
import { countResource } from './outbox-resources';
import { queuedBody } from './queued-bodies';

export interface CountInput {
  countId: string;
  productId: string;
  productName: string;
  counted: number;
  /** when it was counted (default: now) */
  countedAt?: Date;
}

/** The PUT's body: no money in it, so the contract's form is the wire's. */
const lineUpdate = (input: CountInput): StockCountLineUpdate => ({
  counted: input.counted,
  counted_at: (input.countedAt ?? new Date()).toISOString(),
});

/** Queues one counted quantity (see the file's header). */
export async function recordCount(db: BalcaoDb, input: CountInput): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    ...buildOutboxEntry({
      kind: 'stock-count',
      ...OUTBOX_KINDS['stock-count'].route(input),
      body: lineUpdate(input),
      summary: `Inventário: ${input.productName}, ${input.counted} contado(s)`,
    }),
    resource: `${countResource(input.countId)}${input.productId}`,
  };
  await addToOutbox(db, entry);
  return entry;
}

/** The quantities of a count still queued here (not yet on the server), by product: the last one counted. */
export async function queuedCounts(db: BalcaoDb, countId: string): Promise<Map<string, number>> {
  const prefix = countResource(countId);
  const rows = await outboxRowsUnder(db, prefix);
  const out = new Map<string, number>();
  for (const row of rows) {
    const line = queuedBody(row, 'stock-count');
    if (!line || row.status !== 'pending') continue;
    out.set(row.resource!.slice(prefix.length), line.counted);
  }
  return out;
}
