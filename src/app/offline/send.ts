// The outbox's wire, through the app's API client (so an expired token is refreshed and
// the request retried once on 401). One entry: one request with its Idempotency-Key.
// A run of queued sales: one POST /api/sales/batch, whose answer for each sale is what
// POST /api/sales with that key would have answered. Every request gives up after
// OUTBOX_REQUEST_TIMEOUT_MS: a connection the network swallows must not hold the queue;
// it counts as a failed try, retried with the same key and the usual backoff.
import { SaleBatchResponseSchema, SALE_BATCH_MAX } from '../../shared/contract/sales';
import type { ApiClient } from '../lib/api-client';
import type { OutboxEntry } from './db';
import { isBatchable } from './outbox-kinds';
import { failureOf, verdictOf, type SendResult } from '../lib/retry-policy';
import type { OutboxTransport, Send, SendBatch } from './sender';

/** A request left without an answer this long is abandoned (and retried later, same key). */
export const OUTBOX_REQUEST_TIMEOUT_MS = 20_000;

export interface WireOptions {
  timeoutMs?: number;
}

export function createSend(client: Pick<ApiClient, 'send'>, options: WireOptions = {}): Send {
  const timeoutMs = options.timeoutMs ?? OUTBOX_REQUEST_TIMEOUT_MS;
  return async (entry: OutboxEntry): Promise<SendResult> => {
    try {
      const body = await client.send(entry.method, entry.path.replace(/^\/api/, ''), {
        body: entry.body,
        headers: { 'Idempotency-Key': entry.id },
        timeoutMs,
      });
      return { kind: 'ok', status: 200, body };
    } catch (error) {
      return failureOf(error);
    }
  };
}

/** One sale's answer inside the batch's, as a SendResult. */
function resultOf(status: number, body: unknown): SendResult {
  if (status >= 200 && status < 300) return { kind: 'ok', status, body };
  const error = body as { error?: unknown; code?: unknown } | null;
  return {
    kind: 'http',
    status,
    code: typeof error?.code === 'string' ? error.code : null,
    error: typeof error?.error === 'string' ? error.error : `Erro ${status}`,
  };
}

export function createSendBatch(client: Pick<ApiClient, 'send'>, options: WireOptions = {}): SendBatch {
  const timeoutMs = options.timeoutMs ?? OUTBOX_REQUEST_TIMEOUT_MS;
  const single = createSend(client, options);
  /** Each entry alone, in order, until the network or the session stops them all. */
  const oneByOne = async (entries: OutboxEntry[]): Promise<SendResult[]> => {
    const out: SendResult[] = [];
    for (const entry of entries) {
      const result = await single(entry);
      out.push(result);
      if (result.kind === 'network' || verdictOf(result) === 'auth') break;
    }
    return [...out, ...entries.slice(out.length).map(() => out[out.length - 1]!)];
  };
  return async (entries: OutboxEntry[]): Promise<SendResult[]> => {
    if (entries.length === 1) return [await single(entries[0]!)];
    let body: unknown;
    try {
      body = await client.send('POST', '/sales/batch', {
        body: { sales: entries.map((e) => ({ key: e.id, body: e.body })) },
        timeoutMs,
      });
    } catch (error) {
      const result = failureOf(error);
      // The batch itself refused (a limit, a server without it): the entries' own
      // answers decide, sent one by one. Network, session and 5xx concern them all.
      if (verdictOf(result) === 'reject') return oneByOne(entries);
      return entries.map(() => result);
    }
    const parsed = SaleBatchResponseSchema.safeParse(body);
    const byKey = new Map(parsed.success ? parsed.data.data.results.map((r) => [r.key, r]) : []);
    return entries.map((entry): SendResult => {
      const answer = byKey.get(entry.id);
      // Unreadable, or a sale missing from it: the same key is sent again later.
      if (!answer) return { kind: 'network', error: 'Resposta do servidor sem esta venda.' };
      return resultOf(answer.status, answer.body);
    });
  };
}

/** What the sync engine and the service worker deliver the outbox with. */
export function createTransport(client: Pick<ApiClient, 'send'>, options: WireOptions = {}): OutboxTransport {
  return {
    send: createSend(client, options),
    batch: { send: createSendBatch(client, options), batchable: isBatchable, size: SALE_BATCH_MAX },
  };
}
