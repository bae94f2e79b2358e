// The sender one entry at a time: how a result is classified, the backoff, FIFO order,
// a lost reply retried under the same key, a refused entry kept, and an entry that waits
// for the one it depends on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discardRejected, outboxOutcome, retryRejected } from './outbox';
import { recordSale, recordSaleCancel } from '../counter/records';
import { backoffMs, verdictOf as classify } from '../lib/retry-policy';
import { drainOutbox, type Send } from './sender';
import { pendingQuantities } from './stock';
import { freshDevices, P1, P2 } from '../test/device-db';
import { fakeServer, queueCustomer, sale } from './outbox-fixtures';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('t');

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
    for (let i = 0; i < 5; i++) {
      const s = sale([[P1, 1]]);
      await recordSale(db, s, saleBody(s), { summary: `v${i}` });
    }
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
    await recordSale(db, s, saleBody(s), { summary: 'v' });
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
    await recordSale(db, bad, saleBody(bad), { summary: 'ruim' });
    await recordSale(db, good, saleBody(good), { summary: 'boa' });
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
    await recordSale(db, s, saleBody(s), { summary: 'v', dependsOn: [customer.id] });
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
});
