// The table of outbox kinds: every kind has its descriptor, registered as soon as the table
// is loaded; the one dependency rule names what is still queued, in delivery order; the
// sender and the admin's actions do what the entry's kind says, and nothing for a kind
// without effects.
import { describe, expect, it } from 'vitest';
import type { OutboxKind } from '../offline/db';
import { buildOutboxEntry, discardRejected, enqueue, retryRejected } from '../offline/outbox';
import { descriptorOf, isBatchable, waitingFor } from '../offline/outbox-kinds';
import { drainOutbox } from '../offline/sender';
import { sale } from '../offline/outbox-fixtures';
import { freshDevices, P1 } from '../test/device-db';
import { OUTBOX_KINDS } from './outbox-kinds';
import { caixaResource, storeCreditResource } from './outbox-resources';
import { recordSale } from './records';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('kinds');

const KINDS: OutboxKind[] = [
  'customer',
  'sale',
  'account',
  'caixa',
  'return',
  'store-credit-payout',
  'sale-cancel',
  'stock-count',
];

const refuse = async () => ({ kind: 'http' as const, status: 409, code: 'CONFLICT', error: 'recusada' });

describe('the table of outbox kinds', () => {
  it('has one registered descriptor per kind, and only new sales travel in a batch', () => {
    for (const kind of KINDS) {
      expect(descriptorOf({ kind })).toBe(OUTBOX_KINDS[kind]);
      const entry = buildOutboxEntry({ kind, method: 'POST', path: '/api/sales', body: {}, summary: kind });
      expect(isBatchable(entry)).toBe(kind === 'sale');
    }
  });

  it('routes each kind where the server takes it', () => {
    expect(OUTBOX_KINDS.sale.route()).toEqual({ method: 'POST', path: '/api/sales' });
    expect(OUTBOX_KINDS.return.route({ saleId: 's1' })).toEqual({ method: 'POST', path: '/api/sales/s1/returns' });
    expect(OUTBOX_KINDS.caixa.route({ step: 'close', sessionId: 'c1' })).toEqual({
      method: 'POST',
      path: '/api/cash-sessions/c1/close',
    });
    expect(OUTBOX_KINDS['store-credit-payout'].route({ customerId: 'k1' }).path).toBe(
      '/api/customers/k1/store-credit/payout',
    );
    expect(OUTBOX_KINDS.customer.route({ changing: 'k1' })).toEqual({ method: 'PUT', path: '/api/customers/k1' });
  });

  it('waitingFor: what is still queued of the ids, resources and session named, in delivery order', async () => {
    const db = openDb();
    const session = crypto.randomUUID();
    const opening = await enqueue(db, {
      id: session,
      kind: 'caixa',
      method: 'POST',
      path: '/x',
      body: {},
      summary: 'a',
    });
    const credit = {
      ...buildOutboxEntry({
        kind: 'return',
        method: 'POST',
        path: '/y',
        body: { cash_session_id: session },
        summary: 'r',
      }),
      resource: storeCreditResource('k1'),
    };
    await db.outbox.add(credit);
    const movement = { ...buildOutboxEntry({ kind: 'caixa', method: 'POST', path: '/z', body: {}, summary: 'm' }) };
    await db.outbox.add({ ...movement, resource: caixaResource(session) });

    const forSale = OUTBOX_KINDS.sale.waitsFor({ customerId: 'k1', sessionId: session, usesStoreCredit: true });
    expect(await waitingFor(db, forSale)).toEqual([opening.id, credit.id]);
    expect(await waitingFor(db, OUTBOX_KINDS.caixa.waitsFor({ step: 'close', sessionId: session }))).toEqual([
      credit.id,
      movement.id,
    ]);
    expect(await waitingFor(db, OUTBOX_KINDS.caixa.waitsFor({ step: 'open' }))).toEqual([]);
  });

  it("a refused sale marks the till's record; a retry puts it back to pending; a discard leaves it rejected", async () => {
    const db = openDb();
    const s = sale([[P1, 1]]);
    await recordSale(db, s, saleBody(s), { summary: 'v' });
    await drainOutbox(db, { send: refuse });
    expect((await db.sales.get(s.id))?.state).toBe('rejected');
    await retryRejected(db, s.id);
    expect((await db.sales.get(s.id))?.state).toBe('pending');
    await drainOutbox(db, { send: refuse });
    await discardRejected(db, s.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sales.get(s.id))?.state).toBe('rejected');
  });
});
