// A fake API at the network edge: stubs global fetch with JSON handlers per route.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeServer {
  on(method: string, path: string, handler: Handler): FakeServer;
  calls: FakeRequest[];
  callsTo(method: string, path: string): FakeRequest[];
}

export function createFakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const calls: FakeRequest[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path: url.pathname, url, headers, body };
    calls.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler) {
      return new Response(JSON.stringify({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const { status = 200, body: responseBody } = await handler(request);
    return new Response(responseBody === undefined ? null : JSON.stringify(responseBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  const server: FakeServer = {
    on(method, path, handler) {
      handlers.set(`${method.toUpperCase()} ${path}`, handler);
      return server;
    },
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
  };
  return server;
}

/** A promise with its resolve exposed, to hold a response while the test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Serves `items` at `GET path` as `{ [name]: page, pagination }`, `limit` a page, as a server capping the page size would. */
export function servePages(server: FakeServer, path: string, name: string, items: readonly unknown[], limit = 2) {
  server.on('GET', path, ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const pagination = { page, limit, total: items.length, totalPages: Math.ceil(items.length / limit) };
    return { body: { success: true, data: { [name]: items.slice((page - 1) * limit, page * limit), pagination } } };
  });
}
