// Idempotency-Key (DESIGN.md): the key (per tenant), a hash of the request and the answer
// are written in the transaction of the effect itself, so a key is recorded exactly when
// its effect committed. One protocol for every keyed call, a sale run's or any other:
//
// 1. read: the key's stored answer is read first (a sale run reads it in its own first
//    statement: sales/create/sale-create-read.ts). An answer there is replayed, or the call is
//    IDEMPOTENCY_MISMATCH when the key was used for another request;
// 2. effect and write: otherwise the effect runs, and its answer is INSERTED under the key
//    with the effect's writes (a sale run's in its own last statement). The key's primary
//    key keeps the call exactly-once: a duplicate running at the same time waits on the
//    key's insert, and when the first commits it fails and rolls back;
// 3. settle: a call that failed that way, or that was refused (a 4xx), reads its key again
//    once its transaction is over: a duplicate may have committed meanwhile (an online sale
//    of the last units refused as "out of stock" because its own first attempt sold them),
//    and then its answer is this call's answer. Refusals store nothing, so the same key may
//    be retried once the cause is fixed (a rejected outbox entry retried by an admin).
//
// A stored answer is the body first sent (the route's envelope), replayed as it is.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, type Db, type DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';

export const IDEMPOTENCY_MISMATCH = 'Esta chave de idempotência já foi usada com outro conteúdo.';

/** What one call is, as far as its key goes. */
export interface KeyedCall {
  /** The Idempotency-Key header; absent: the effect simply runs. */
  key: string | undefined;
  /** requestHashOf the call. */
  requestHash: string;
}

/** How a keyed call ended: run now, answered from an earlier call, or refused. */
export type Outcome<T> =
  | { kind: 'done'; data: T }
  | { kind: 'replayed'; statusCode: number; body: unknown }
  | { kind: 'refused'; error: AppError };

export interface StoredAnswer {
  status: number;
  hash: string;
  body: unknown;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What a key is bound to: the method, the path with its parameters and the body. */
export function requestHashOf(call: { method: string; path: string; body: unknown }): string {
  return createHash('sha256')
    .update(`${call.method.toUpperCase()} ${call.path}\n${canonicalJson(call.body ?? null)}`)
    .digest('hex');
}

/**
 * The answers stored under `keys`, as one JSON object by key (NULL when none), for a
 * statement to read along with its own reads. One JSON parameter: one text for any number
 * of keys (a named statement: db/client.ts).
 */
export function storedAnswersSql(tenantId: string, keys: readonly string[]): SQL {
  if (keys.length === 0) return sql`NULL::json`;
  return sql`(SELECT json_object_agg(k.key, json_build_object('status', k.status_code, 'hash', k.request_hash,
                                                              'body', k.response_body))
                FROM ${idempotencyKeys} k
               WHERE k.tenant_id = ${tenantId}
                 AND k.key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`;
}

/** What storedAnswersSql read (drivers answer JSON parsed or as text). */
export function parseStoredAnswers(value: unknown): Map<string, StoredAnswer> {
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (object === null || typeof object !== 'object') return new Map();
  return new Map(Object.entries(object as Record<string, StoredAnswer>));
}

export async function readStoredAnswers(
  t: DbOrTx,
  tenantId: string,
  keys: readonly string[],
): Promise<Map<string, StoredAnswer>> {
  if (keys.length === 0) return new Map();
  const { rows } = await executeNamed<{ stored: unknown }>(
    t,
    sql`SELECT ${storedAnswersSql(tenantId, keys)} AS stored`,
  );
  return parseStoredAnswers(rows[0]?.stored ?? null);
}

/** A stored answer replayed, or IDEMPOTENCY_MISMATCH when it answered another request. */
export function replayOf(stored: StoredAnswer, requestHash: string): Outcome<never> {
  if (stored.hash !== requestHash) {
    return { kind: 'refused', error: new AppError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MISMATCH) };
  }
  return { kind: 'replayed', statusCode: stored.status, body: stored.body };
}

export interface NewAnswer {
  key: string;
  requestHash: string;
  statusCode: number;
  /** The answer as sent (the route's envelope), replayed as it is. */
  body: unknown;
}

/** The INSERT of new answers under their keys (null when none): one JSON parameter. */
export function answersInsertSql(tenantId: string, answers: readonly NewAnswer[]): SQL | null {
  if (answers.length === 0) return null;
  const rows = JSON.stringify(
    answers.map((a) => ({ key: a.key, hash: a.requestHash, status: a.statusCode, body: a.body })),
  );
  return sql`INSERT INTO ${idempotencyKeys} (tenant_id, key, request_hash, status_code, response_body)
             SELECT ${tenantId}, v.key, v.hash, v.status, v.body
               FROM jsonb_to_recordset(${rows}::jsonb) AS v(key text, hash text, status integer, body jsonb)`;
}

/**
 * Step 3 of the protocol, after the calls' transaction: a refused call whose key holds an
 * answer now is answered with it (one read for all of them).
 */
export async function settleRefusals<T>(
  db: DbOrTx,
  tenantId: string,
  calls: readonly KeyedCall[],
  outcomes: readonly Outcome<T>[],
): Promise<Outcome<T>[]> {
  const keys = calls.flatMap((c, i) => (c.key && outcomes[i]!.kind === 'refused' ? [c.key] : []));
  if (keys.length === 0) return [...outcomes];
  const stored = await readStoredAnswers(db, tenantId, keys);
  return outcomes.map((outcome, i) => {
    const { key, requestHash } = calls[i]!;
    const answer = key && outcome.kind === 'refused' ? stored.get(key) : undefined;
    // A mismatch found only now was refused for what it is already.
    return answer && answer.hash === requestHash ? replayOf(answer, requestHash) : outcome;
  });
}

/** An answer that is not a refusal. */
export type Answered<T> = Exclude<Outcome<T>, { kind: 'refused' }>;

/**
 * One keyed call whose effect is a service call joining the transaction (every mutating
 * route but the sales, whose run reads and writes its keys in its own statements:
 * sales/create/sale-create.ts). The effect answers the body to send (and store); an AppError
 * it throws is the refusal, thrown on unless a duplicate's answer settles it.
 */
export async function runKeyed<T>(
  db: Db,
  tenantId: string,
  call: KeyedCall,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T>,
): Promise<Answered<T>> {
  const { key, requestHash } = call;
  try {
    const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
      if (key) {
        const stored = (await readStoredAnswers(tx, tenantId, [key])).get(key);
        if (stored) return replayOf(stored, requestHash);
      }
      const body = await effect(tx);
      const insert = key ? answersInsertSql(tenantId, [{ key, requestHash, statusCode, body }]) : null;
      if (insert) await tx.execute(insert);
      return { kind: 'done', data: body };
    });
    if (outcome.kind === 'refused') throw outcome.error;
    return outcome;
  } catch (error) {
    // Refused, or lost to a duplicate on a unique key: a duplicate's answer is this call's.
    if (!key || !(error instanceof AppError || isUniqueViolation(error))) throw error;
    const stored = (await readStoredAnswers(db, tenantId, [key])).get(key);
    if (!stored || stored.hash !== requestHash) throw error;
    return replayOf(stored, requestHash) as Answered<T>;
  }
}
