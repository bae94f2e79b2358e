// The sender's exactly-once under pressure: whatever fails and however often (a property),
// runs of sales sent in batches, two tabs draining at once, and the Web Lock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalcaoDb, OutboxEntry } from './db';
import { recordSale } from '../counter/records';
import { drainOutbox, withSenderLock, type OutboxTransport, type SendResult } from './sender';
import { onAck } from '../counter/outbox-kinds';
import { freshDevices, P1, P2 } from '../test/device-db';
import { batchTransport, fakeServer, queueCustomer, sale } from './outbox-fixtures';
import { saleBody } from '../test/sale-body';

/** Queues a sale of one unit of P1, shown as `summary`. */
function queueSale(db: BalcaoDb, summary: string) {
  const s = sale([[P1, 1]]);
  return recordSale(db, s, saleBody(s), { summary });
}

const openDb = freshDevices('t');

describe('sender', () => {
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
          for (let i = 0; i < count; i++) await queueSale(db, `${i}`);
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
    for (let i = 0; i < 7; i++) ids.push((await queueSale(db, `${i}`)).id);
    const customer = await queueCustomer(db);
    for (let i = 7; i < 10; i++) ids.push((await queueSale(db, `${i}`)).id);

    expect(await drainOutbox(db, { ...transport, onAck })).toEqual({ delivered: 11, rejected: 0, stopped: null });
    expect(calls).toEqual([ids.slice(0, 3), ids.slice(3, 6), [ids[6]], [customer.id], ids.slice(7, 10)]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sales.toArray()).every((s) => s.state === 'synced')).toBe(true);
  });

  it('in a batch, a refused sale is kept as rejected and the others are acknowledged', async () => {
    const db = openDb();
    const server = fakeServer();
    const [a, bad, c] = [sale([[P1, 1]]), sale([[P1, 1]]), sale([[P2, 1]])];
    for (const s of [a, bad, c]) await recordSale(db, s, saleBody(s), { summary: 'v' });
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
    for (const s of sales) await recordSale(db, s, saleBody(s), { summary: 'v' });
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
    for (let i = 0; i < 30; i++) ids.push((await queueSale(tabA, `${i}`)).id);
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
