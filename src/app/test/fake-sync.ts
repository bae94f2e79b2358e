// The sync side of the fake API: a change log for GET /api/sync/pull (cursor, pages,
// remaining) and an idempotent POST /api/sales keyed by Idempotency-Key, also reached
// through POST /api/sales/batch (each sale answered as if sent alone). Tests can make
// the routes fail on the network ("offline") or hold their answer.
import type { FakeRequest, FakeResponse, FakeServer } from './fake-server';

type Row = Record<string, unknown> & { id: string };

export interface FakeSync {
  putProduct(row: Row): void;
  putCustomer(row: Row): void;
  /** POST /api/sales bodies, by Idempotency-Key (one per effect). */
  sales: Map<string, unknown>;
  /** Every sale sent alone, and every sale of a batch that arrived (with its key as header). */
  salesRequests: FakeRequest[];
  /** POST /api/sales/batch requests. */
  batchRequests: FakeRequest[];
  pullRequests: FakeRequest[];
  /** 'online' answers; 'offline' throws like fetch does without network. */
  network: 'online' | 'offline';
  /** While set, every pull waits for it before answering (a slow catalogue download). */
  holdPull: Promise<void> | null;
  /** Replaces a sale's answer (e.g. 503, or a held promise), alone or in a batch. */
  onSale: ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>) | null;
  /** Stock conflicts reported for each accepted sale. */
  conflictsPerSale: number;
}

export function customerJson(n: number, overrides: Record<string, unknown> = {}): Row {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Cliente ${n}`,
    email: null,
    phone: null,
    document: null,
    address: null,
    city: null,
    state: null,
    zip_code: null,
    active: true,
    ...overrides,
  };
}

export function createFakeSync(server: FakeServer): FakeSync {
  const changes: { version: number; entity: 'product' | 'customer'; row: Row }[] = [];
  let version = 0;
  const sync: FakeSync = {
    putProduct: (row) => changes.push({ version: ++version, entity: 'product', row: { ...row, version } }),
    putCustomer: (row) => changes.push({ version: ++version, entity: 'customer', row: { ...row, version } }),
    sales: new Map(),
    salesRequests: [],
    batchRequests: [],
    pullRequests: [],
    network: 'online',
    holdPull: null,
    onSale: null,
    conflictsPerSale: 0,
  };
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };

  server.on('GET', '/api/sync/pull', async (request) => {
    sync.pullRequests.push(request);
    if (sync.holdPull) await sync.holdPull;
    if (sync.network === 'offline') offline();
    const since = Number(request.url.searchParams.get('since') ?? 0);
    const limit = Number(request.url.searchParams.get('limit') ?? 1000);
    const after = changes.filter((c) => c.version > since);
    const page = after.slice(0, limit);
    return {
      body: {
        success: true,
        data: {
          products: page.filter((c) => c.entity === 'product').map((c) => c.row),
          customers: page.filter((c) => c.entity === 'customer').map((c) => c.row),
          tombstones: [],
          // The real cursor is opaque text; a version as text is one the server also reads.
          cursor: String(page.length ? page[page.length - 1]!.version : since),
          hasMore: after.length > limit,
          remaining: after.length - page.length,
          reset: false,
        },
      },
    };
  });

  const answerSale = async (request: FakeRequest): Promise<FakeResponse> => {
    if (sync.onSale) return sync.onSale(request);
    const key = request.headers['Idempotency-Key']!;
    if (!sync.sales.has(key)) sync.sales.set(key, request.body);
    const conflicts = Array.from({ length: sync.conflictsPerSale }, () => ({
      product_id: key,
      product_name: 'x',
      requested: 1,
      available: 0,
    }));
    return { status: 201, body: { success: true, data: { id: key, stock_conflicts: conflicts } } };
  };

  server.on('POST', '/api/sales', async (request) => {
    sync.salesRequests.push(request);
    if (sync.network === 'offline') offline();
    return answerSale(request);
  });

  server.on('POST', '/api/sales/batch', async (request) => {
    sync.batchRequests.push(request);
    if (sync.network === 'offline') offline();
    const { sales } = request.body as { sales: { key: string; body: unknown }[] };
    const results = [];
    for (const { key, body } of sales) {
      const alone = { ...request, path: '/api/sales', headers: { 'Idempotency-Key': key }, body };
      sync.salesRequests.push(alone);
      const answer = await answerSale(alone);
      results.push({ key, status: answer.status ?? 200, body: answer.body });
    }
    return { body: { success: true, data: { results } } };
  });
  return sync;
}
