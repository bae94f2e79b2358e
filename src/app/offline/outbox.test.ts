// The outbox's writes on the device: a sale, a customer or a return and its outbox row
// together or neither, and the stock shown while they wait and once acknowledged.
import { describe, expect, it } from 'vitest';
import { addToOutbox, buildOutboxEntry, enqueue, firstOutboxRowOf, outboxCountOf, outboxRowsOf } from './outbox';
import { recordCustomer, recordSale, saleDependencies } from '../counter/records';
import { recordReturn } from '../counter/returns';
import { drainOutbox } from './sender';
import { applyAcknowledgedSale, availableStock, pendingQuantities } from './stock';
import { onAck } from '../counter/outbox-kinds';
import { freshDevices, P1, P2 } from '../test/device-db';
import { fakeServer, sale } from './outbox-fixtures';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('t');

describe('outbox writes', () => {
  it("a resource's rows counted, and its first in delivery order, as reading them all says", async () => {
    const db = openDb();
    const row = (resource: string) => {
      const entry = buildOutboxEntry({ kind: 'fiscal-note', method: 'POST', path: '/x', body: {}, summary: 'x' });
      entry.resource = resource;
      return entry;
    };
    expect(await outboxCountOf(db, 'notes')).toBe(0);
    expect(await firstOutboxRowOf(db, 'notes')).toBeUndefined();
    // Interleaved with another resource's rows and one without a resource.
    for (const resource of ['other', 'notes', 'other', 'notes', 'notes']) await addToOutbox(db, row(resource));
    await enqueue(db, { kind: 'customer', method: 'POST', path: '/x', body: {}, summary: 'x' });
    const notes = await outboxRowsOf(db, 'notes');
    expect(notes).toHaveLength(3);
    expect(await outboxCountOf(db, 'notes')).toBe(3);
    expect((await firstOutboxRowOf(db, 'notes'))?.id).toBe(notes[0]!.id);
    // The first delivered: the next one is the first.
    await db.outbox.delete(notes[0]!.seq!);
    expect(await outboxCountOf(db, 'notes')).toBe(2);
    expect((await firstOutboxRowOf(db, 'notes'))?.id).toBe(notes[1]!.id);
  });

  it('writes a sale and its outbox row together, or neither', async () => {
    const db = openDb();
    const first = sale([[P1, 1]]);
    await recordSale(db, first, saleBody(first), { summary: 'Venda' });
    expect(await db.sales.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    // A sale whose outbox row cannot be written (its id is already queued: unique
    // index) must not leave its sale row behind.
    const doomed = sale([[P1, 2]]);
    await enqueue(db, { id: doomed.id, kind: 'customer', method: 'POST', path: '/x', body: {}, summary: 'x' });
    await expect(recordSale(db, doomed, saleBody(doomed), { summary: 'x' })).rejects.toThrow();
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
    const forCustomer = sale([[P1, 1]]);
    const waiting = await recordSale(db, forCustomer, saleBody(forCustomer, { customer_id: id }), { summary: 'v' });
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
    await recordSale(db, a, saleBody(a), { summary: 'a' });
    const b = sale([[P1, 3]]);
    await recordSale(db, b, saleBody(b), { summary: 'b' });
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
    await recordSale(db, sold, saleBody(sold), { summary: 'v' });
    // Two units of P1 back to stock, in two lines (a damaged unit is in no restock line).
    const entry = await recordReturn(
      db,
      {
        id: crypto.randomUUID(),
        saleId: sold.id,
        customerId: crypto.randomUUID(),
        body: { lines: [], reason: 'Defeito', refund_method: 'dinheiro' },
        storeCredit: 0,
        summary: 'Devolução',
        restock: [
          { productId: P1, quantity: 1 },
          { productId: P1, quantity: 1 },
        ],
      },
      { lines: [], reason: 'Defeito', refund_method: 'dinheiro' },
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
