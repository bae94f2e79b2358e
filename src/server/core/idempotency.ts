// Idempotency-Key (DESIGN.md): the key (per tenant), a hash of the request and the
// response are written in the transaction of the effect itself, so a key is recorded
// exactly when its effect committed.
//
// The key row is inserted FIRST (ON CONFLICT DO NOTHING). A concurrent duplicate blocks
// on the primary key until the first transaction ends: on commit it finds the stored
// answer and returns it; on rollback its own insert goes through and it runs the effect.
// Errors are not stored: a failed effect rolls its key back with everything else, so the
// same key may be retried once the cause is fixed (a rejected outbox entry retried by an
// admin). Lock order in every keyed transaction: the key row first, then what the effect
// locks.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeNamed, type Db, type DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict } from '../errors';
import { isUniqueViolation } from '../db/errors';

export const IDEMPOTENCY_MISMATCH = 'Esta chave de idempotência já foi usada com outro conteúdo.';

export interface IdempotentCall {
  tenantId: string;
  /** The Idempotency-Key header; absent: the effect simply runs in its own transaction. */
  key: string | undefined;
  method: string;
  /** The path with its parameters, without the query string. */
  path: string;
  /** The validated body (null when there is none). */
  body: unknown;
}

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier call. */
  replayed: boolean;
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

export function requestHashOf(call: Pick<IdempotentCall, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(`${call.method.toUpperCase()} ${call.path}\n${canonicalJson(call.body ?? null)}`)
    .digest('hex');
}

/** What a key holds when a transaction claims it. */
export type KeyClaim =
  { kind: 'fresh' } | { kind: 'stored'; statusCode: number; body: unknown } | { kind: 'refused'; error: AppError };

/**
 * Claims the calls' keys in the caller's transaction (one INSERT ... ON CONFLICT DO
 * NOTHING for all of them). A key claimed here is 'fresh': run its effect, then
 * storeAnswers (or releaseKeys when the effect was refused). A key an earlier call
 * committed answers what was stored, or IDEMPOTENCY_MISMATCH for another request.
 */
export async function claimKeys(
  tx: DbOrTx,
  tenantId: string,
  calls: readonly { key: string; requestHash: string }[],
): Promise<KeyClaim[]> {
  if (calls.length === 0) return [];
  // status_code 0: claimed, effect running (never visible outside this transaction).
  // Sorted by key: two transactions claiming overlapping keys wait for each other, never
  // deadlock. One JSON parameter: the same statement text however many keys.
  const { rows: claimed } = await executeNamed<{ key: string }>(
    tx,
    sql`INSERT INTO ${idempotencyKeys} (tenant_id, key, request_hash, status_code, response_body)
        SELECT ${tenantId}, c.key, c.hash, 0, '{}'::jsonb
          FROM jsonb_to_recordset(${JSON.stringify(calls.map((c) => ({ key: c.key, hash: c.requestHash })))}::jsonb)
               AS c(key text, hash text)
         ORDER BY c.key
        ON CONFLICT DO NOTHING
        RETURNING key`,
  );
  const fresh = new Set(claimed.map((r) => r.key));
  const others = calls.filter((c) => !fresh.has(c.key)).map((c) => c.key);
  const stored =
    others.length === 0
      ? new Map()
      : new Map(
          (
            await tx
              .select()
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.tenantId, tenantId), inArray(idempotencyKeys.key, others)))
          ).map((r) => [r.key, r]),
        );
  return calls.map(({ key, requestHash }): KeyClaim => {
    if (fresh.has(key)) return { kind: 'fresh' };
    const row = stored.get(key);
    // Gone between the conflict and the read (pruned): let the caller try again.
    if (!row) return { kind: 'refused', error: conflict('Requisição repetida em andamento. Tente novamente.') };
    if (row.requestHash !== requestHash) {
      return { kind: 'refused', error: new AppError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MISMATCH) };
    }
    return { kind: 'stored', statusCode: row.statusCode, body: row.responseBody };
  });
}

/** The UPDATE that records the answers of fresh keys (one for all of them; null when none). */
export function storeAnswersSql(
  tenantId: string,
  answers: readonly { key: string; statusCode: number; body: unknown }[],
): SQL | null {
  if (answers.length === 0) return null;
  // One JSON parameter: the same text however many answers (a named statement: db/client.ts).
  const rows = JSON.stringify(answers.map((a) => ({ key: a.key, status_code: a.statusCode, body: a.body })));
  return sql`
    UPDATE ${idempotencyKeys} AS k
       SET status_code = v.status_code, response_body = v.body
      FROM jsonb_to_recordset(${rows}::jsonb) AS v(key text, status_code integer, body jsonb)
     WHERE k.tenant_id = ${tenantId} AND k.key = v.key`;
}

/** The DELETE that gives back fresh keys whose effect was refused (errors are not stored; null when none). */
export function releaseKeysSql(tenantId: string, keys: readonly string[]): SQL | null {
  if (keys.length === 0) return null;
  return sql`DELETE FROM ${idempotencyKeys}
              WHERE tenant_id = ${tenantId} AND key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
}

/**
 * Statements run as ONE (data-modifying WITH queries: one round trip; none sees another's
 * rows). For the writes that close a transaction: an effect's last write with the
 * answers stored under its keys.
 */
export async function runTogether(t: DbOrTx, statements: readonly (SQL | null)[]): Promise<void> {
  const parts = statements.filter((s): s is SQL => s !== null);
  if (parts.length === 0) return;
  if (parts.length === 1) {
    await t.execute(parts[0]!);
    return;
  }
  const ctes = parts.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`);
  await t.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
}

const PREPARED = Symbol('prepared');

/**
 * An effect that has checked everything and knows its answer but has not written yet:
 * `write` writes it, sending `also` (the stored answer) in its last statement, so the
 * answer costs no round trip of its own (sales/sale-create.ts prepareSales).
 */
export interface Prepared<T> {
  [PREPARED]: true;
  body: T;
  write(also: readonly (SQL | null)[]): Promise<void>;
}

export function prepared<T>(body: T, write: (also: readonly (SQL | null)[]) => Promise<void>): Prepared<T> {
  return { [PREPARED]: true, body, write };
}

function isPrepared<T>(value: T | Prepared<T>): value is Prepared<T> {
  return typeof value === 'object' && value !== null && PREPARED in value;
}

/**
 * Runs `effect` in a new transaction, recording its answer under the call's key; a
 * repeated key answers what was stored (same status and body) without running anything.
 * An effect may answer `prepared(body, write)`: then its writes and the stored answer go
 * together.
 */
export async function runIdempotent<T>(
  db: Db,
  call: IdempotentCall,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T | Prepared<T>>,
): Promise<IdempotentResult<T>> {
  const { key, tenantId } = call;
  const settle = async (tx: DbOrTx, result: T | Prepared<T>, store: (body: T) => SQL | null): Promise<T> => {
    if (isPrepared(result)) {
      await result.write([store(result.body)]);
      return result.body;
    }
    await runTogether(tx, [store(result)]);
    return result;
  };
  if (!key) {
    const body = await db.transaction(async (tx) => settle(tx, await effect(tx), () => null));
    return { statusCode, body, replayed: false };
  }
  return db.transaction(async (tx) => {
    const [claim] = await claimKeys(tx, tenantId, [{ key, requestHash: requestHashOf(call) }]);
    if (claim!.kind === 'refused') throw claim!.error;
    if (claim!.kind === 'stored') return { statusCode: claim!.statusCode, body: claim!.body as T, replayed: true };
    const body = await settle(tx, await effect(tx), (answer) =>
      storeAnswersSql(tenantId, [{ key, statusCode, body: answer }]),
    );
    return { statusCode, body, replayed: false };
  });
}

/**
 * The answer stored under a key, as one JSON value (null when there is none), for an
 * effect to read in its own first statement (runIdempotentFolded). Committed rows always
 * hold a final answer (status_code 0 lives only inside the claiming transaction).
 */
export function storedAnswerSql(tenantId: string, key: string): SQL {
  return sql`(SELECT json_build_object('status', k.status_code, 'hash', k.request_hash, 'body', k.response_body)
                FROM ${idempotencyKeys} k WHERE k.tenant_id = ${tenantId} AND k.key = ${key})`;
}

interface StoredAnswer {
  status: number;
  hash: string;
  body: unknown;
}

function asStored(value: unknown): StoredAnswer | null {
  if (value === null || typeof value !== 'object') return null;
  return value as StoredAnswer;
}

/** The stored answer replayed, or IDEMPOTENCY_MISMATCH for another request under the key. */
function replay<T>(stored: StoredAnswer, requestHash: string): IdempotentResult<T> {
  if (stored.hash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MISMATCH);
  return { statusCode: stored.status, body: stored.body as T, replayed: true };
}

async function storedAnswer(t: DbOrTx, tenantId: string, key: string): Promise<StoredAnswer | null> {
  const { rows } = await executeNamed<{ stored: unknown }>(t, sql`SELECT ${storedAnswerSql(tenantId, key)} AS stored`);
  const value = rows[0]?.stored ?? null;
  return asStored(typeof value === 'string' ? JSON.parse(value) : value);
}

/**
 * An effect whose first statement reads the key's stored answer along with what it reads
 * itself (`lookup`: storedAnswerSql), then, unless there was one, checks and answers.
 */
export type FoldedEffect<T> = (
  tx: DbOrTx,
  lookup: SQL,
) => Promise<{ stored: unknown; proceed: () => Promise<T | Prepared<T>> }>;

/**
 * runIdempotent's protocol without a statement of its own, for the hottest call (POST
 * /api/sales): no claim before the effect (runIdempotent's first round trip). The key's answer is read in the
 * effect's first statement, and a new answer is INSERTED (not claimed, then stored) in the
 * effect's last one, so the key's primary key is what keeps the call exactly-once:
 * - the key answered already (committed before the first statement): replay it;
 * - a duplicate running at the same time commits first: the INSERT waits for it and fails
 *   on the key (or on the sale's own id), everything rolls back, and the stored answer is
 *   replayed; if the duplicate rolls back, the INSERT goes through;
 * - the effect refuses (a 4xx): the key is read again first, in a new statement, because a
 *   duplicate may have committed while this one waited for its locks (an online sale of the
 *   last units refused as "out of stock" by its own first attempt's success); only when
 *   there is still nothing stored is the refusal the answer (refusals store nothing, as in
 *   runIdempotent).
 * Without a key it is runIdempotent's plain transaction.
 */
export async function runIdempotentFolded<T>(
  db: Db,
  call: IdempotentCall,
  statusCode: number,
  effect: FoldedEffect<T>,
): Promise<IdempotentResult<T>> {
  const { key, tenantId } = call;
  if (!key) return runIdempotent(db, call, statusCode, async (tx) => (await effect(tx, sql`NULL::json`)).proceed());
  const requestHash = requestHashOf(call);
  try {
    return await db.transaction(async (tx) => {
      const first = await effect(tx, storedAnswerSql(tenantId, key));
      const stored = asStored(first.stored);
      if (stored) return replay<T>(stored, requestHash);
      let result: T | Prepared<T>;
      try {
        result = await first.proceed();
      } catch (error) {
        const now = error instanceof AppError ? await storedAnswer(tx, tenantId, key) : null;
        if (now) return replay<T>(now, requestHash);
        throw error;
      }
      const body = isPrepared(result) ? result.body : result;
      const insert = sql`INSERT INTO ${idempotencyKeys} (tenant_id, key, request_hash, status_code, response_body)
                         VALUES (${tenantId}, ${key}, ${requestHash}, ${statusCode}, ${JSON.stringify(body)}::jsonb)`;
      if (isPrepared(result)) await result.write([insert]);
      else await runTogether(tx, [insert]);
      return { statusCode, body, replayed: false };
    });
  } catch (error) {
    // A duplicate committed first: its answer is this call's answer.
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'CONFLICT')) {
      const stored = await storedAnswer(db, tenantId, key);
      if (stored) return replay<T>(stored, requestHash);
    }
    throw error;
  }
}
