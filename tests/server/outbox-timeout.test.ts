// No request the network swallows holds the till's outbox: the app's own
// outbox code (fake-indexeddb, drainOutbox, createTransport over the app's API client)
// sends through a TCP proxy to the real server. The proxy first black-holes every
// connection (accepted, never answered), then forwards requests but drops the replies,
// then heals. Each stalled try ends at the request deadline and counts as a failed try;
// when the network heals the sales arrive, each exactly once (the replayed key answers
// what the server stored when the reply was lost).
import 'fake-indexeddb/auto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUT_ERROR_TEXT } from '../../src/app/lib/api-error';
import { recordSale } from '../../src/app/counter/records';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { onAck } from '../../src/app/counter/outbox-kinds';
import { sales } from '../../src/server/db/schema';
import { useDeviceAndServer } from './device-server';
import { appClientOf } from './app-client';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { SaleCreateSchema } from '../../src/shared/contract/sales';

type Mode = 'blackhole' | 'drop-replies' | 'pass';

/** A proxy in front of the server whose behaviour can change between connections. */
function faultyProxy(target: number) {
  let mode: Mode = 'pass';
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'blackhole') {
      client.resume(); // read and forget: the connection stays open, nothing comes back
      return;
    }
    const upstream = createConnection(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    if (mode === 'pass') upstream.pipe(client);
    else upstream.resume(); // the server answers; the answer is lost on the way back
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    /** A new network state: the connections of the old one are cut (as a real network change does). */
    set: (next: Mode) => {
      mode = next;
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const DEADLINE_MS = 400;

describe('outbox request deadline', () => {
  const { ctx, db } = useDeviceAndServer('pglite', 'timeout');
  let proxy: ReturnType<typeof faultyProxy>;

  beforeAll(() => {
    proxy = faultyProxy((ctx.app.server.address() as { port: number }).port);
  });
  afterAll(() => proxy?.close());

  it('a swallowed request never holds the queue; healed, each sale arrives once', async () => {
    const port = await proxy.listen();
    const transport = createTransport(await appClientOf(ctx.app, 'caixa@demo.com', port), { timeoutMs: DEADLINE_MS });

    const tenantId = ctx.demo.tenant.id;
    const product = await makeProduct(ctx.db, tenantId, { stock: 50 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await recordSale(
        db,
        {
          id,
          createdAt: Date.now(),
          customerName: customer.name,
          totalCentavos: 3990,
          paymentMethod: 'cash',
          items: [{ product_id: product.id, product_name: product.name, quantity: 1, unit_price_centavos: 3990 }],
        },
        SaleCreateSchema.parse({ ...saleBody(customer.id, [{ product, quantity: 1 }]), id, offline: true }),
        { summary: `venda ${i}` },
      );
    }
    // Backoff does not apply here: each drain is a new try, as after the 'online' event.
    const drain = async () => {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      return drainOutbox(db, { ...transport, onAck });
    };
    const onServer = async () =>
      (await ctx.db.select({ id: sales.id }).from(sales).where(eq(sales.tenantId, tenantId))).map((r) => r.id);

    proxy.set('blackhole');
    const stalled = await drain();
    expect(stalled).toMatchObject({ delivered: 0, stopped: 'network' });
    // Each try ended at the request deadline (not on another error): the drain returned.
    const waiting = await db.outbox.toArray();
    expect(waiting.map((e) => [e.attempts, e.lastError, e.leaseUntil])).toEqual(
      ids.map(() => [1, TIMEOUT_ERROR_TEXT, 0]),
    );
    expect(await onServer()).toEqual([]);

    // The requests now reach the server, but the replies are lost: the sales are created
    // there, and the till, hearing nothing, keeps them queued.
    proxy.set('drop-replies');
    const lost = await drain();
    expect(lost).toMatchObject({ delivered: 0, stopped: 'network' });
    await expect.poll(async () => (await onServer()).sort(), { timeout: 10_000 }).toEqual([...ids].sort());
    expect(await db.outbox.count()).toBe(3);

    proxy.set('pass');
    const healed = await drain();
    expect(healed).toMatchObject({ delivered: 3, stopped: null });
    expect(await db.outbox.count()).toBe(0);
    expect((await onServer()).sort()).toEqual([...ids].sort());
    const local = await db.sales.toArray();
    expect(local.every((s) => s.state === 'synced')).toBe(true);
    const [row] = await ctx.db
      .select()
      .from(sales)
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, ids[0]!)));
    expect(row!.offline).toBe(true);
  });
});
