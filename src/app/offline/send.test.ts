// The outbox's wire: how the answer of POST /api/sales/batch (or its failure) becomes
// one result per entry, and when the entries go one by one instead.
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import { buildOutboxEntry } from './outbox';
import { createSendBatch } from './send';
import { isBatchable } from '../counter/outbox-kinds';

type Call = { method: string; path: string; body: unknown; key: string | undefined };

function client(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const send: ApiClient['send'] = async (method, path, options = {}) => {
    const call = { method, path, body: options.body, key: options.headers?.['Idempotency-Key'] };
    calls.push(call);
    return answer(call);
  };
  return { calls, client: { send } };
}

const saleEntry = (n: number) =>
  buildOutboxEntry({ kind: 'sale', method: 'POST', path: '/api/sales', body: { n }, summary: `v${n}` });
const ok = (key: string) => ({ key, status: 201, body: { success: true, data: { id: key } } });

describe('createSendBatch', () => {
  it('sends the entries in one request and gives each its own answer', async () => {
    const entries = [saleEntry(1), saleEntry(2), saleEntry(3)];
    const { calls, client: c } = client(() => ({
      success: true,
      data: {
        results: [
          ok(entries[0]!.id),
          {
            key: entries[1]!.id,
            status: 404,
            body: { success: false, error: 'Cliente não encontrado.', code: 'NOT_FOUND' },
          },
          ok(entries[2]!.id),
        ],
      },
    }));
    const results = await createSendBatch(c)(entries);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/sales/batch',
        body: { sales: entries.map((e) => ({ key: e.id, body: e.body })) },
        key: undefined,
      },
    ]);
    expect(results).toEqual([
      { kind: 'ok', status: 201, body: { success: true, data: { id: entries[0]!.id } } },
      { kind: 'http', status: 404, code: 'NOT_FOUND', error: 'Cliente não encontrado.' },
      { kind: 'ok', status: 201, body: { success: true, data: { id: entries[2]!.id } } },
    ]);
  });

  it('a sale missing from the answer is sent again later (never taken as delivered)', async () => {
    const entries = [saleEntry(1), saleEntry(2)];
    const { client: c } = client(() => ({ success: true, data: { results: [ok(entries[0]!.id)] } }));
    const results = await createSendBatch(c)(entries);
    expect(results.map((r) => r.kind)).toEqual(['ok', 'network']);
  });

  it('no network, an expired session or a 5xx concern every entry', async () => {
    const entries = [saleEntry(1), saleEntry(2)];
    for (const error of [
      new ApiError('Sem conexão', 0, NETWORK_ERROR_CODE),
      new ApiError('Sessão expirada', 401, 'UNAUTHENTICATED'),
      new ApiError('Erro interno do servidor', 503, 'INTERNAL'),
    ]) {
      const { calls, client: c } = client(() => {
        throw error;
      });
      const results = await createSendBatch(c)(entries);
      expect(calls).toHaveLength(1);
      expect(results).toHaveLength(2);
      expect(results[0]).toEqual(results[1]);
      expect(results[0]!.kind).toBe(error.status === 0 ? 'network' : 'http');
    }
  });

  it('a batch refused as a whole sends each entry alone, with its key, and stops at a network failure', async () => {
    const entries = [saleEntry(1), saleEntry(2), saleEntry(3)];
    const { calls, client: c } = client((call) => {
      if (call.path === '/sales/batch') throw new ApiError('Não encontrado', 404, 'NOT_FOUND');
      if (call.key === entries[1]!.id) throw new ApiError('Sem conexão', 0, NETWORK_ERROR_CODE);
      return { success: true, data: { id: call.key } };
    });
    const results = await createSendBatch(c)(entries);
    expect(calls.map((call) => [call.path, call.key])).toEqual([
      ['/sales/batch', undefined],
      ['/sales', entries[0]!.id],
      ['/sales', entries[1]!.id],
    ]);
    expect(results.map((r) => r.kind)).toEqual(['ok', 'network', 'network']);
  });

  it('one entry goes alone; only new sales are batched', async () => {
    const entry = saleEntry(1);
    const { calls, client: c } = client(() => ({ success: true, data: {} }));
    await createSendBatch(c)([entry]);
    expect(calls.map((call) => [call.path, call.key])).toEqual([['/sales', entry.id]]);
    expect(isBatchable(entry)).toBe(true);
    expect(isBatchable({ ...entry, kind: 'customer', path: '/api/customers' })).toBe(false);
    expect(isBatchable({ ...entry, method: 'PUT', path: `/api/sales/${entry.id}` })).toBe(false);
  });
});
