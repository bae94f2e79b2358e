// The sender without the counter's table of outbox kinds: nothing of the counter is imported
// here, so no table is registered. Delivering would delete acknowledged rows without what
// their kind does on the device, so the drain refuses before sending anything.
import { describe, expect, it } from 'vitest';
import { enqueue } from './outbox';
import { outboxKindsRegistered } from './outbox-kinds';
import { drainOutbox, type Send } from './sender';
import { freshDevices } from '../test/device-db';

const openDb = freshDevices('guard');

describe('drainOutbox without the table of kinds', () => {
  it('refuses, sends nothing and keeps the queue as it was', async () => {
    const db = openDb();
    await enqueue(db, { kind: 'sale', method: 'POST', path: '/api/sales', body: { n: 1 }, summary: 'Venda' });
    const sent: string[] = [];
    const send: Send = async (entry) => {
      sent.push(entry.id);
      return { kind: 'ok', status: 201, body: {} };
    };
    expect(outboxKindsRegistered()).toBe(false);
    await expect(drainOutbox(db, { send })).rejects.toThrow('tabela de tipos da fila');
    expect(sent).toEqual([]);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  });

  it('delivers when the caller says what an acknowledgement does', async () => {
    const db = openDb();
    await enqueue(db, { kind: 'sale', method: 'POST', path: '/api/sales', body: { n: 1 }, summary: 'Venda' });
    const acked: string[] = [];
    const result = await drainOutbox(db, {
      send: async () => ({ kind: 'ok', status: 201, body: {} }),
      onAck: async (_db, entry) => void acked.push(entry.summary),
    });
    expect(result.delivered).toBe(1);
    expect(acked).toEqual(['Venda']);
    expect(await db.outbox.count()).toBe(0);
  });
});
