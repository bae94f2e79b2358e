import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BalcaoDb } from '../src/app/offline/db';
import { recordSale } from '../src/app/counter/records';
import { saleBody } from '../src/app/test/sale-body';
import { META_ACCESS_TOKEN, META_EXPIRES_AT } from '../src/app/offline/session-cache';
import { drainFromWorker } from './outbox-sync';

const names: string[] = [];
function freshDb() {
  const name = `sw-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const name of names.splice(0)) await new BalcaoDb(name).delete();
});

async function queueSale(name: string, token: string | null, expiresAt = Date.now() + 600_000) {
  const db = new BalcaoDb(name);
  if (token) {
    await db.meta.bulkPut([
      { key: META_ACCESS_TOKEN, value: token },
      { key: META_EXPIRES_AT, value: expiresAt },
    ]);
  }
  const id = crypto.randomUUID();
  const sale = { id, createdAt: Date.now(), customerName: 'Ana', totalCentavos: 500, paymentMethod: 'cash', items: [] };
  await recordSale(db, sale, saleBody(sale, { customer_id: crypto.randomUUID() }), { summary: 'Venda' });
  db.close();
  return id;
}

/** The sales still queued on the device. */
async function queued(name: string) {
  const db = new BalcaoDb(name);
  try {
    return await db.outbox.count();
  } finally {
    db.close();
  }
}

describe('Background Sync in the service worker', () => {
  it('delivers the outbox with the token the page left, one request per sale with its key', async () => {
    const name = freshDb();
    const id = await queueSale(name, 'token-da-pagina');
    const fetchMock = vi.fn(async () =>
      Response.json({ success: true, data: { id, stock_conflicts: [] } }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await drainFromWorker(new BalcaoDb(name));
    expect(result).toEqual({ delivered: 1, rejected: 0, stopped: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sales');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-da-pagina');
    expect(headers['Idempotency-Key']).toBe(id);

    expect(await queued(name)).toBe(0);
    const db = new BalcaoDb(name);
    expect((await db.sales.get(id))?.state).toBe('synced');
    db.close();
  });

  it('without a usable token it sends nothing and keeps the sale', async () => {
    const name = freshDb();
    await queueSale(name, 'vencido', Date.now() - 1);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await drainFromWorker(new BalcaoDb(name))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await queued(name)).toBe(1);
  });

  it.each([
    {
      what: 'fails the sync event on a network error so the browser tries again, keeping the sale',
      token: 'token',
      answer: async (): Promise<Response> => {
        throw new TypeError('Failed to fetch');
      },
      drained: (drain: Promise<unknown>) => expect(drain).rejects.toThrow('Sem conexão'),
    },
    {
      what: 'on a 401 it stops quietly: the page refreshes the session when it opens',
      token: 'revogado',
      answer: async () =>
        Response.json({ success: false, error: 'Sessão expirada', code: 'UNAUTHENTICATED' }, { status: 401 }),
      drained: (drain: Promise<unknown>) => expect(drain).resolves.toMatchObject({ delivered: 0, stopped: 'auth' }),
    },
  ])('$what', async ({ token, answer, drained }) => {
    const name = freshDb();
    await queueSale(name, token);
    vi.stubGlobal('fetch', vi.fn(answer));
    await drained(drainFromWorker(new BalcaoDb(name)));
    expect(await queued(name)).toBe(1);
  });
});
