import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BalcaoDb, type LocalSale, type OutboxEntry } from './db';
import {
  discardRejected,
  enqueue,
  outboxOutcome,
  recordCustomer,
  recordSale,
  recordSaleCancel,
  retryRejected,
  saleDependencies,
} from './outbox';
import { backoffMs, verdictOf as classify } from './retry-policy';
import { recordReturn } from './returns';
import { drainOutbox, withSenderLock, type OutboxTransport, type Send, type SendResult } from './sender';
import { applyAcknowledgedSale, availableStock, pendingQuantities } from './stock';
import { onAck } from './sync-io';
import { freshDevices, P1, P2 } from '../test/device-db';

const openDb = freshDevices('t');

function sale(items: [string, number][], id: string = crypto.randomUUID()): Omit<LocalSale, 'state' | 'conflicts'> {
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
function fakeServer() {
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
const queueCustomer = (db: BalcaoDb) =>
  enqueue(db, { kind: 'customer', method: 'POST', path: '/api/customers', body: {}, summary: 'c' });

/**
 * A transport whose batch sends runs of sales (size 3) to the fake server: every call
 * (single or batch) is logged, and `fail` may replace a call's results.
 */
function batchTransport(
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

describe('outbox writes', () => {
  it('writes a sale and its outbox row together, or neither', async () => {
    const db = openDb();
    const first = sale([[P1, 1]]);
    await recordSale(db, first, { items: [] }, { summary: 'Venda' });
    expect(await db.sales.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    // A sale whose outbox row cannot be written (its id is already queued: unique
    // index) must not leave its sale row behind.
    const doomed = sale([[P1, 2]]);
    await enqueue(db, { id: doomed.id, kind: 'customer', method: 'POST', path: '/x', body: {}, summary: 'x' });
    await expect(recordSale(db, doomed, {}, { summary: 'x' })).rejects.toThrow();
    expect(await db.sales.get(doomed.id)).toBeUndefined();
    expect(await db.sales.count()).toBe(1);
  });

  it('a customer created offline is in the mirror and the outbox together, and its sale waits for it', async () => {
    const db = openDb();
    const id = crypto.randomUUID();
    const customer = {
      id,
      name: 'Dona Rosa',
      email: null,
      phone: null,
      document: '52998224725',
      address: null,
      city: null,
      state: null,
      zip_code: null,
      active: true,
    };
    await recordCustomer(db, customer, { ...customer });
    expect((await db.customers.get(id))?.name).toBe('Dona Rosa');
    expect((await db.outbox.toArray()).map((e) => [e.id, e.kind])).toEqual([[id, 'customer']]);
    expect(await saleDependencies(db, id)).toEqual([id]);
    expect(await saleDependencies(db, crypto.randomUUID())).toEqual([]);
    // recordSale finds it by itself, in the sale's own transaction.
    const waiting = await recordSale(db, sale([[P1, 1]]), { customer_id: id }, { summary: 'v' });
    expect(waiting.dependsOn).toEqual([id]);
    expect((await db.outbox.where('id').equals(waiting.id).first())?.dependsOn).toEqual([id]);

    // Both or neither: a second customer whose outbox row cannot be written leaves no mirror row.
    await expect(recordCustomer(db, { ...customer, name: 'Outra' }, {})).rejects.toThrow();
    expect((await db.customers.get(id))?.name).toBe('Dona Rosa');
  });

  it('overlays pending sales on the mirrored stock, once', async () => {
    const db = openDb();
    await db.products.bulkPut([
      { id: P1, current_stock: 10, version: 1 } as never,
      { id: P2, current_stock: 3, version: 1 } as never,
    ]);
    const a = sale([
      [P1, 2],
      [P2, 1],
    ]);
    await recordSale(db, a, {}, { summary: 'a' });
    await recordSale(db, sale([[P1, 3]]), {}, { summary: 'b' });
    let pending = await pendingQuantities(db);
    expect(availableStock({ id: P1, current_stock: 10 }, pending)).toBe(5);
    expect(availableStock({ id: P2, current_stock: 3 }, pending)).toBe(2);

    // Acknowledged: out of the overlay, into the mirror: the shown number does not move.
    // As the outbox's acknowledging transaction does (sender.ts settle): an async scope.
    await db.transaction('rw', db.sales, db.products, db.productChunks, async () => {
      await applyAcknowledgedSale(db, a.id, 0);
    });
    pending = await pendingQuantities(db);
    const p1 = (await db.products.get(P1))!;
    expect(p1.current_stock).toBe(8);
    expect(availableStock(p1, pending)).toBe(5);
  });
  it('a queued return puts its units back in the shown stock at once, and the mirror keeps them on ack', async () => {
    const db = openDb();
    await db.products.bulkPut([
      { id: P1, current_stock: 10, version: 1 } as never,
      { id: P2, current_stock: 3, version: 1 } as never,
    ]);
    const sold = sale([[P1, 4]]);
    await recordSale(db, sold, {}, { summary: 'v' });
    // Two units of P1 back to stock, in two lines (a damaged unit is in no restock line).
    const entry = await recordReturn(
      db,
      {
        id: crypto.randomUUID(),
        saleId: sold.id,
        customerId: crypto.randomUUID(),
        body: {},
        storeCredit: 0,
        summary: 'Devolução',
        restock: [
          { productId: P1, quantity: 1 },
          { productId: P1, quantity: 1 },
        ],
      },
      { lines: [] },
    );
    let pending = await pendingQuantities(db);
    expect(availableStock({ id: P1, current_stock: 10 }, pending)).toBe(8);
    expect(availableStock({ id: P2, current_stock: 3 }, pending)).toBe(3);

    // The sale and the return are acknowledged, in order: the shown number does not move.
    const server = fakeServer();
    await drainOutbox(db, { send: async (e) => server.handle(e), onAck });
    expect(server.requests).toEqual([sold.id, entry.id]);
    pending = await pendingQuantities(db);
    const p1 = (await db.products.get(P1))!;
    expect(p1.current_stock).toBe(8);
    expect(availableStock(p1, pending)).toBe(8);
  });
});

describe('sender', () => {
  it('classifies results: ack, retry, reject, auth', () => {
    expect(classify({ kind: 'ok', status: 201, body: null })).toBe('ack');
    expect(classify({ kind: 'network', error: 'offline' })).toBe('retry');
    for (const status of [500, 502, 503, 429, 408])
      expect(classify({ kind: 'http', status, code: null, error: '' })).toBe('retry');
    for (const status of [400, 403, 404, 409, 422])
      expect(classify({ kind: 'http', status, code: null, error: '' })).toBe('reject');
    expect(classify({ kind: 'http', status: 401, code: null, error: '' })).toBe('auth');
  });

  it('backs off exponentially within bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempts, r) => {
        const ms = backoffMs(attempts, () => r);
        const nominal = Math.min(300, 2 * 2 ** (attempts - 1)) * 1000;
        return ms >= nominal * 0.8 - 1 && ms <= nominal * 1.2 + 1 && ms <= 360_000;
      }),
    );
  });

  it('delivers FIFO and deletes only acknowledged rows', async () => {
    const db = openDb();
    const server = fakeServer();
    for (let i = 0; i < 5; i++) await recordSale(db, sale([[P1, 1]]), { n: i }, { summary: `v${i}` });
    const order = (await db.outbox.orderBy('seq').toArray()).map((e) => e.id);
    const result = await drainOutbox(db, { send: async (e) => server.handle(e) });
    expect(result).toEqual({ delivered: 5, rejected: 0, stopped: null });
    expect(server.requests).toEqual(order);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a cancel's outcome: queued while unsent, delivered once acknowledged, rejected when refused", async () => {
    const db = openDb();
    const server = fakeServer();
    const cancel = (saleId: string) => recordSaleCancel(db, { saleId, reason: 'Cliente desistiu', summary: 'c' });
    const sent = await cancel(crypto.randomUUID());
    // Offline: the send fails on the network, the cancel stays here (the toast must not say done).
    await drainOutbox(db, { send: async () => ({ kind: 'network', error: 'Failed to fetch' }) });
    expect(await outboxOutcome(db, sent.id)).toBe('queued');
    await drainOutbox(db, { send: async (e) => server.handle(e), now: () => Date.now() + 10 * 60_000 });
    expect(await outboxOutcome(db, sent.id)).toBe('delivered');
    const refused = await cancel(crypto.randomUUID());
    await drainOutbox(db, { send: async () => ({ kind: 'http', status: 409, code: 'CONFLICT', error: 'x' }) });
    expect(await outboxOutcome(db, refused.id)).toBe('rejected');
  });

  it('a lost reply is retried with the same key and gives one sale', async () => {
    const db = openDb();
    const server = fakeServer();
    const s = sale([[P1, 1]]);
    await recordSale(db, s, { total: 10 }, { summary: 'v' });
    let t = 1_000;
    // The server commits, but the reply never reaches the tablet.
    const lossy: Send = async (e) => {
      server.handle(e);
      return { kind: 'network', error: 'Failed to fetch' };
    };
    expect((await drainOutbox(db, { send: lossy, now: () => t })).stopped).toBe('network');
    const row = (await db.outbox.toArray())[0]!;
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt).toBeGreaterThan(t);
    // Not before the backoff...
    expect((await drainOutbox(db, { send: async (e) => server.handle(e), now: () => t })).delivered).toBe(0);
    t += 10 * 60_000;
    expect((await drainOutbox(db, { send: async (e) => server.handle(e), now: () => t })).delivered).toBe(1);
    expect(server.requests).toEqual([s.id, s.id]);
    expect(server.effects.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a rejected row is kept and visible, and does not block the next', async () => {
    const db = openDb();
    const server = fakeServer();
    const bad = sale([[P1, 1]]);
    const good = sale([[P2, 1]]);
    await recordSale(db, bad, {}, { summary: 'ruim' });
    await recordSale(db, good, {}, { summary: 'boa' });
    const send: Send = async (e) =>
      e.id === bad.id ? { kind: 'http', status: 400, code: 'VALIDATION', error: 'Dados inválidos' } : server.handle(e);
    expect(await drainOutbox(db, { send })).toEqual({ delivered: 1, rejected: 1, stopped: null });
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({
      id: bad.id,
      status: 'rejected',
      rejection: { status: 400, error: 'Dados inválidos' },
    });
    expect((await db.sales.get(bad.id))?.state).toBe('rejected');
    // Rejected sales no longer hold stock back.
    expect((await pendingQuantities(db)).get(P1)).toBeUndefined();

    await retryRejected(db, bad.id);
    expect((await drainOutbox(db, { send: async (e) => server.handle(e) })).delivered).toBe(1);

    const other = await queueCustomer(db);
    await drainOutbox(db, { send: async () => ({ kind: 'http', status: 409, code: 'CONFLICT', error: 'x' }) });
    await discardRejected(db, other.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a customer created offline before the sale that uses it', async () => {
    const db = openDb();
    const server = fakeServer();
    const customer = await queueCustomer(db);
    const s = sale([[P1, 1]]);
    await recordSale(db, s, {}, { summary: 'v', dependsOn: [customer.id] });
    let customerUp = false;
    const send: Send = async (e) => {
      if (e.id === customer.id && !customerUp) {
        customerUp = true;
        return { kind: 'http', status: 503, code: null, error: 'indisponível' };
      }
      return server.handle(e);
    };
    let t = 0;
    const first = await drainOutbox(db, { send, now: () => t });
    expect(first.delivered).toBe(0); // the sale waits for its customer
    t += 10 * 60_000;
    await drainOutbox(db, { send, now: () => t });
    expect(server.requests).toEqual([customer.id, s.id]);
  });

  it.each([
    ['one by one', false],
    ['in batches', true],
  ])('property: whatever fails and however often, every entry is delivered exactly once (%s)', async (_, batched) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('ok', 'network', '503', 'lost'), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (script, count) => {
          const db = openDb();
          const server = fakeServer();
          for (let i = 0; i < count; i++) await recordSale(db, sale([[P1, 1]]), { i }, { summary: `${i}` });
          let step = 0;
          let t = 0;
          // Each call (one entry, or a batch) plays the next step of the script, which
          // plays once; then the network heals.
          const play = (entries: OutboxEntry[]): SendResult[] => {
            const what = step < script.length ? script[step] : 'ok';
            step++;
            if (what === 'network') return entries.map(() => ({ kind: 'network', error: 'offline' }));
            if (what === '503') return entries.map(() => ({ kind: 'http', status: 503, code: null, error: 'x' }));
            const replies = entries.map((e) => server.handle(e));
            return what === 'lost' ? entries.map(() => ({ kind: 'network', error: 'reply lost' })) : replies;
          };
          const transport: OutboxTransport = {
            send: async (e) => play([e])[0]!,
            ...(batched ? { batch: { size: 3, batchable: () => true, send: async (es) => play(es) } } : {}),
          };
          for (let round = 0; round < 200 && (await db.outbox.count()) > 0; round++) {
            await drainOutbox(db, { ...transport, now: () => t });
            t += 10 * 60_000;
          }
          return (await db.outbox.count()) === 0 && server.effects.size === count;
        },
      ),
      { numRuns: 25 },
    );
  });

  it('sends runs of sales together, FIFO; an entry the batch does not take goes alone, in its place', async () => {
    const db = openDb();
    const server = fakeServer();
    const { calls, transport } = batchTransport(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await recordSale(db, sale([[P1, 1]]), { i }, { summary: `${i}` })).id);
    const customer = await queueCustomer(db);
    for (let i = 7; i < 10; i++) ids.push((await recordSale(db, sale([[P1, 1]]), { i }, { summary: `${i}` })).id);

    expect(await drainOutbox(db, { ...transport, onAck })).toEqual({ delivered: 11, rejected: 0, stopped: null });
    expect(calls).toEqual([ids.slice(0, 3), ids.slice(3, 6), [ids[6]], [customer.id], ids.slice(7, 10)]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sales.toArray()).every((s) => s.state === 'synced')).toBe(true);
  });

  it('in a batch, a refused sale is kept as rejected and the others are acknowledged', async () => {
    const db = openDb();
    const server = fakeServer();
    const [a, bad, c] = [sale([[P1, 1]]), sale([[P1, 1]]), sale([[P2, 1]])];
    for (const s of [a, bad, c]) await recordSale(db, s, {}, { summary: 'v' });
    const { transport } = batchTransport(server, (entries) =>
      entries.length > 1
        ? entries.map((e) =>
            e.id === bad.id
              ? { kind: 'http', status: 404, code: 'NOT_FOUND', error: 'Cliente não encontrado' }
              : server.handle(e),
          )
        : null,
    );
    expect(await drainOutbox(db, { ...transport, onAck })).toEqual({ delivered: 2, rejected: 1, stopped: null });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: bad.id, status: 'rejected', rejection: expect.objectContaining({ status: 404 }) }),
    ]);
    expect((await db.sales.bulkGet([a.id, bad.id, c.id])).map((s) => s?.state)).toEqual([
      'synced',
      'rejected',
      'synced',
    ]);
  });

  it('a batch lost on the network keeps every entry, backs each off, and the retry gives one sale each', async () => {
    const db = openDb();
    const server = fakeServer();
    const sales = [sale([[P1, 1]]), sale([[P1, 1]]), sale([[P1, 1]])];
    for (const s of sales) await recordSale(db, s, {}, { summary: 'v' });
    let t = 1_000;
    // The server commits the batch, the reply never arrives.
    let lose = true;
    const { calls, transport } = batchTransport(server, (entries) => {
      if (!lose) return null;
      entries.forEach((e) => server.handle(e));
      return entries.map(() => ({ kind: 'network', error: 'Failed to fetch' }));
    });
    expect(await drainOutbox(db, { ...transport, now: () => t })).toEqual({
      delivered: 0,
      rejected: 0,
      stopped: 'network',
    });
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.attempts, r.leaseUntil, r.nextAttemptAt > t])).toEqual(sales.map(() => [1, 0, true]));
    lose = false;
    t += 10 * 60_000;
    expect((await drainOutbox(db, { ...transport, now: () => t })).delivered).toBe(3);
    expect(calls).toHaveLength(2);
    expect(server.effects.size).toBe(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['one by one', false],
    ['in batches', true],
  ])('two tabs draining at once deliver each entry once (%s)', async (_, batched) => {
    const name = `shared-${crypto.randomUUID()}`;
    const tabA = openDb(name);
    const tabB = openDb(name);
    const server = fakeServer();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await recordSale(tabA, sale([[P1, 1]]), { i }, { summary: `${i}` })).id);
    const slow = async (entries: OutboxEntry[]) => {
      await new Promise((r) => setTimeout(r, 1));
      return entries.map((e) => server.handle(e));
    };
    const transport: OutboxTransport = {
      send: async (e) => (await slow([e]))[0]!,
      ...(batched ? { batch: { size: 3, batchable: () => true, send: slow } } : {}),
    };
    // No Web Locks here (jsdom): the row leases alone must keep the tabs apart.
    const [a, b] = await Promise.all([drainOutbox(tabA, transport), drainOutbox(tabB, transport)]);
    expect(a.delivered + b.delivered).toBe(30);
    expect([...server.requests].sort()).toEqual([...ids].sort());
    expect(await tabA.outbox.count()).toBe(0);
  });

  it('uses Web Locks when the browser has them: a second sender does not run', async () => {
    let held = false;
    const locks = {
      request: async (_: string, opts: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<unknown>) => {
        if (held && opts.ifAvailable) return cb(null);
        held = true;
        try {
          return await cb({});
        } finally {
          held = false;
        }
      },
    };
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 5));
    const [a, b] = await Promise.all([withSenderLock(slow, locks), withSenderLock(slow, locks)]);
    expect([a, b].filter((v) => v !== null)).toHaveLength(1);
    expect(runs).toBe(1);
  });
});
