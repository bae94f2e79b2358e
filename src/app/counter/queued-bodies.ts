// What a queued change's body holds, kind by kind: the request its route's contract takes
// (z.input: as the wire carries it, reais). The outbox keeps bodies as JSON it never reads;
// the counter reads a few back (a customer's queued crediário, a sale's queued returns, a
// count's queued lines) through here, the one place that says which type each kind holds.
import type { z } from 'zod/mini';
import type { ReturnCreateSchema } from '../../shared/contract/returns';
import type { SaleCreateSchema } from '../../shared/contract/sales';
import type { StockCountLineUpdate } from '../../shared/contract/stock-counts';
import type { OutboxEntry } from '../offline/db';

/** Sales and returns: any field may be absent in a row an older version of the app wrote. */
interface QueuedBodies {
  sale: Partial<z.input<typeof SaleCreateSchema>>;
  return: Partial<z.input<typeof ReturnCreateSchema>>;
  'stock-count': StockCountLineUpdate;
}

/** The body of `entry` when it is a change of `kind` (written by that kind's writer), else null. */
export function queuedBody<K extends keyof QueuedBodies>(entry: OutboxEntry, kind: K): QueuedBodies[K] | null {
  return entry.kind === kind && entry.body && typeof entry.body === 'object' ? (entry.body as QueuedBodies[K]) : null;
}
