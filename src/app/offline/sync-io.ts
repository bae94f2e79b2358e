// The sync engine's conversation with the server about the mirror: reading a page of it.
// (What a delivered entry's answer does is its kind's: outbox-kinds.ts.)
import { SyncPullResponseSchema } from '../../shared/contract/sync';
import type { ApiClient } from '../lib/api-client';
import { INVALID_RESPONSE_TEXT } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import type { FetchPage, PullPage } from './mirror';

/** GET /api/sync/pull, checked against the contract; rows are kept as sent (reais). */
export function createFetchPage(client: Pick<ApiClient, 'send'>): FetchPage {
  return async (since, limit) => {
    const body = await client.send('GET', '/sync/pull', { query: { since: since ?? undefined, limit } });
    const parsed = SyncPullResponseSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(INVALID_RESPONSE_TEXT, 200, 'INVALID_RESPONSE', parsed.error.issues);
    return (body as { data: PullPage }).data;
  };
}
