// Calls the running server as a browser on demo.localhost would. node:http, because
// fetch drops a Host header and Node cannot resolve *.localhost.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { RunningServer } from './server';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export function api<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; subdomain?: string } = {},
): Promise<ApiAnswer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method,
        headers: {
          host: `${options.subdomain ?? 'demo'}.localhost:${server.port}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body: body as T });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function loginToken(server: RunningServer, email: string, password = 'demo123'): Promise<string> {
  const res = await api<{ data?: { accessToken: string }; error?: string }>(server, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (!res.body.data) throw new Error(`login de ${email} falhou: ${res.status} ${res.body.error ?? ''}`);
  return res.body.data.accessToken;
}

/** A sale made through the API, as an online till makes it (its own Idempotency-Key); 201 expected. */
export async function apiSale(
  server: RunningServer,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: string; number: string }> {
  const res = await api<{ data: { id: string; number: string } }>(server, 'POST', '/api/sales', {
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    body,
  });
  if (res.status !== 201) throw new Error(`POST /api/sales: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
