// The one retry rule of the device: what an answer to a request means, for the outbox
// sender, the till's direct sending (a sale, a return, a payout), account changes, the
// token refresh and the session check alike. A request that changes something is always
// sent with its Idempotency-Key, so sending it again is harmless.
// - ack: the server did it (2xx);
// - retry: nothing is decided (no answer, a timeout, 408, 425 too early, 429 too many, 5xx):
//   send it again later with backoff;
// - auth: the session must be renewed first (401; the API client has already tried one
//   refresh), then send it again;
// - reject: the server refused it for what it is (any other 4xx): never sent again
//   unasked; kept and shown.
// No answer and a 5xx say nothing of the request nor of the session: the token refresh and
// the session check keep what they have then (serverUnavailable).
import { ApiError, isNetworkError } from './api-error';

export type SendResult =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'http'; status: number; code: string | null; error: string }
  | { kind: 'network'; error: string };

export type Verdict = 'ack' | 'retry' | 'reject' | 'auth';

export const OUTBOX_RETRY_BASE_S = 2;
export const OUTBOX_RETRY_MAX_S = 300;

/** HTTP answers that decide nothing: the same request goes again later. */
const UNDECIDED_STATUS = new Set([408, 425, 429]);

/** The server failed itself: an answer about the server, not about the request. */
const serverFailed = (status: number) => status >= 500;

export function verdictOf(result: SendResult): Verdict {
  if (result.kind === 'ok') return 'ack';
  if (result.kind === 'network') return 'retry';
  const { status } = result;
  if (status === 401) return 'auth';
  if (UNDECIDED_STATUS.has(status) || serverFailed(status)) return 'retry';
  return 'reject';
}

/**
 * A request's error that is no answer at all: the server was not reached (offline, a
 * timeout) or failed itself (5xx). The session is not in question: a refresh or a session
 * check that fails so keeps the tokens and the user it has.
 */
export function serverUnavailable(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof ApiError && serverFailed(error.status));
}

/** A failed request as a SendResult: anything but an HTTP answer counts as no answer. */
export function failureOf(error: unknown): SendResult {
  if (isNetworkError(error)) return { kind: 'network', error: error.message };
  if (error instanceof ApiError) return { kind: 'http', status: error.status, code: error.code, error: error.message };
  // Anything else (a bug, storage full) is not the request's fault: retry later.
  return { kind: 'network', error: error instanceof Error ? error.message : String(error) };
}

/**
 * What the rule says of a request that threw: its verdict, or null for an error that is no
 * request's (a bug, storage full), which no sender should take for an answer.
 */
export function verdictOfError(error: unknown): Verdict | null {
  return error instanceof ApiError ? verdictOf(failureOf(error)) : null;
}

/** Exponential backoff with ±20% jitter, capped: 2 s, 4 s, 8 s ... 300 s. */
export function backoffMs(attempts: number, random = Math.random): number {
  const seconds = Math.min(OUTBOX_RETRY_MAX_S, OUTBOX_RETRY_BASE_S * 2 ** Math.max(0, attempts - 1));
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}
