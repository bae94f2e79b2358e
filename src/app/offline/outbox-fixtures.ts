// The outbox and sender tests' shared pieces: a sale to record, the server as far as the
// outbox can tell (idempotent by key), a customer queued offline and a batching transport.
import type { BalcaoDb, LocalSale, OutboxEntry } from './db';
import { enqueue } from './outbox';
import type { OutboxTransport, SendResult } from './sender';

export function sale(
  items: [string, number][],
  id: string = crypto.randomUUID(),
): Omit<LocalSale, 'state' | 'conflicts'> {
  return {
    id,
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos: 1000,
    paymentMethod: 'cash',
    items: items.map(([product_id, quantity]) => ({
      product_id,
      product_name: 'x',
      quantity,
      unit_price_centavos: 500,
    })),
  };
}

/**
 * The server's side of the wire, as far as the outbox can tell: an idempotent store of
 * effects by Idempotency-Key (same key => the stored answer, the effect happens once).
 */
export function fakeServer() {
  const effects = new Map<string, unknown>();
  const requests: string[] = [];
  const handle = (entry: OutboxEntry): SendResult => {
    requests.push(entry.id);
    if (!effects.has(entry.id)) effects.set(entry.id, entry.body);
    return { kind: 'ok', status: 201, body: { success: true, data: { id: entry.id, stock_conflicts: [] } } };
  };
  return { effects, requests, handle };
}

/** A customer created offline, queued (it goes alone, before the sales that use it). */
export const queueCustomer = (db: BalcaoDb) =>
  enqueue(db, { kind: 'customer', method: 'POST', path: '/api/customers', body: {}, summary: 'c' });

/**
 * A transport whose batch sends runs of sales (size 3) to the fake server: every call
 * (single or batch) is logged, and `fail` may replace a call's results.
 */
export function batchTransport(
  server: ReturnType<typeof fakeServer>,
  fail: (entries: OutboxEntry[]) => SendResult[] | null = () => null,
) {
  const calls: string[][] = [];
  const transport: OutboxTransport = {
    send: async (e) => {
      calls.push([e.id]);
      return fail([e])?.[0] ?? server.handle(e);
    },
    batch: {
      size: 3,
      batchable: (e) => e.kind === 'sale',
      send: async (entries) => {
        calls.push(entries.map((e) => e.id));
        return fail(entries) ?? entries.map((e) => server.handle(e));
      },
    },
  };
  return { calls, transport };
}
