// The outbox's wire: one entry, one request with its Idempotency-Key, through the app's
// API client (so an expired token is refreshed and the request retried once on 401).
import { ApiError, isNetworkError } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import type { OutboxEntry } from './db';
import type { Send, SendResult } from './sender';

export function createSend(client: Pick<ApiClient, 'send'>): Send {
  return async (entry: OutboxEntry): Promise<SendResult> => {
    try {
      const body = await client.send(entry.method, entry.path.replace(/^\/api/, ''), {
        body: entry.body,
        headers: { 'Idempotency-Key': entry.id },
      });
      return { kind: 'ok', status: 200, body };
    } catch (error) {
      if (isNetworkError(error)) return { kind: 'network', error: error.message };
      if (error instanceof ApiError) {
        return { kind: 'http', status: error.status, code: error.code, error: error.message };
      }
      // Anything else (a bug, storage full) is not the entry's fault: retry later.
      return { kind: 'network', error: error instanceof Error ? error.message : String(error) };
    }
  };
}
