// Inventário counts on the device (fake-indexeddb): kept in the outbox across a reopen
// (a reload), the last one of a product shown until the server has it, sent with their
// keys and counted_at when the connection is back, each count's apart.
import { describe, expect, it } from 'vitest';
import { freshDevices, P1, P2 } from '../test/device-db';
import type { OutboxEntry } from '../offline/db';
import { drainOutbox, type SendResult } from '../offline/sender';
import { queuedCounts, recordCount } from './stock-counts';

const openDb = freshDevices('count');
const COUNT = '00000000-0000-4000-8000-00000000c001';
const OTHER = '00000000-0000-4000-8000-00000000c002';

describe('Inventário counts on the device', () => {
  it('keeps what was counted offline across a reload and sends it when the connection is back', async () => {
    const name = `count-${crypto.randomUUID()}`;
    const db = openDb(name);
    const countedAt = new Date('2026-11-26T10:00:00Z');
    await recordCount(db, { countId: COUNT, productId: P1, productName: 'Camisa', counted: 3, countedAt });
    await recordCount(db, { countId: COUNT, productId: P1, productName: 'Camisa', counted: 4, countedAt });
    await recordCount(db, { countId: COUNT, productId: P2, productName: 'Bermuda', counted: 0, countedAt });
    await recordCount(db, { countId: OTHER, productId: P1, productName: 'Camisa', counted: 9, countedAt });

    // Offline: nothing goes; everything stays.
    const offline = async (): Promise<SendResult> => ({ kind: 'network', error: 'offline' });
    expect((await drainOutbox(db, { send: offline })).stopped).toBe('network');
    db.close();

    const reopened = openDb(name);
    expect(await queuedCounts(reopened, COUNT)).toEqual(
      new Map([
        [P1, 4],
        [P2, 0],
      ]),
    );
    expect(await queuedCounts(reopened, OTHER)).toEqual(new Map([[P1, 9]]));

    const sent: OutboxEntry[] = [];
    const online = async (entry: OutboxEntry): Promise<SendResult> => {
      sent.push(entry);
      return { kind: 'ok', status: 200, body: { success: true } };
    };
    const result = await drainOutbox(reopened, { send: online, now: () => Date.now() + 3_600_000 });
    expect(result.delivered).toBe(4);
    // In the order counted, each with its own key, the moment it was counted and its product's path.
    expect(sent.map((e) => [e.method, e.path, e.body])).toEqual([
      ['PUT', `/api/stock-counts/${COUNT}/lines/${P1}`, { counted: 3, counted_at: countedAt.toISOString() }],
      ['PUT', `/api/stock-counts/${COUNT}/lines/${P1}`, { counted: 4, counted_at: countedAt.toISOString() }],
      ['PUT', `/api/stock-counts/${COUNT}/lines/${P2}`, { counted: 0, counted_at: countedAt.toISOString() }],
      ['PUT', `/api/stock-counts/${OTHER}/lines/${P1}`, { counted: 9, counted_at: countedAt.toISOString() }],
    ]);
    expect(new Set(sent.map((e) => e.id)).size).toBe(4);
    expect(await queuedCounts(reopened, COUNT)).toEqual(new Map());
  });

  it('a count the server refused is no longer shown as queued (the Sincronização panel keeps it)', async () => {
    const db = openDb();
    await recordCount(db, { countId: COUNT, productId: P1, productName: 'Camisa', counted: 2 });
    const refused = async (): Promise<SendResult> => ({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      error: 'Este inventário já foi finalizado ou cancelado.',
    });
    expect((await drainOutbox(db, { send: refused })).rejected).toBe(1);
    expect(await queuedCounts(db, COUNT)).toEqual(new Map());
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(1);
  });
});
