// What finishing a sale, a return and a vale-troca payout share: sent straight to the
// server when online, else (or without an answer in time) kept in the outbox.
import type { ApiClient } from '../lib/api-client';
import type { BalcaoDb } from '../offline/db';

export interface DirectSendOptions {
  online: boolean;
  /** how long to wait for the server's answer before queueing instead */
  timeoutMs?: number;
}

export type DirectSend<I, O> = (
  db: BalcaoDb,
  client: Pick<ApiClient, 'send'>,
  input: I,
  options: DirectSendOptions,
) => Promise<O>;
