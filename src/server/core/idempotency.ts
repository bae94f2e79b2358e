// Idempotency-Key (DESIGN.md): the key (per tenant), a hash of the request and the
// response are written in the transaction of the effect itself, so a key is recorded
// exactly when its effect committed.
//
// The key row is inserted FIRST (ON CONFLICT DO NOTHING). A concurrent duplicate blocks
// on the primary key until the first transaction ends: on commit it finds the stored
// answer and returns it; on rollback its own insert goes through and it runs the effect.
// Errors are not stored: a failed effect rolls its key back with everything else, so the
// same key may be retried once the cause is fixed (a rejected outbox entry retried by an
// admin). Lock order in every keyed transaction: key row, then the tenant version row.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict } from '../errors';

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
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(
      // Sorted: two transactions claiming overlapping keys wait for each other, never deadlock.
      [...calls]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ key, requestHash }) => ({ tenantId, key, requestHash, statusCode: 0, responseBody: {} })),
    )
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
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

/** Records the answers of fresh keys (one UPDATE for all of them). */
export async function storeAnswers(
  tx: DbOrTx,
  tenantId: string,
  answers: readonly { key: string; statusCode: number; body: unknown }[],
): Promise<void> {
  if (answers.length === 0) return;
  const values = sql.join(
    answers.map((a) => sql`(${a.key}, ${a.statusCode}::integer, ${JSON.stringify(a.body)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${idempotencyKeys} AS k
       SET status_code = v.status_code, response_body = v.body
      FROM (VALUES ${values}) AS v(key, status_code, body)
     WHERE k.tenant_id = ${tenantId} AND k.key = v.key`);
}

/** Gives back fresh keys whose effect was refused: errors are not stored. */
export async function releaseKeys(tx: DbOrTx, tenantId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), inArray(idempotencyKeys.key, [...keys])));
}

/**
 * Runs `effect` in a new transaction, recording its answer under the call's key; a
 * repeated key answers what was stored (same status and body) without running anything.
 */
export async function runIdempotent<T>(
  db: Db,
  call: IdempotentCall,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { key, tenantId } = call;
  if (!key) {
    const body = await db.transaction((tx) => effect(tx));
    return { statusCode, body, replayed: false };
  }
  return db.transaction(async (tx) => {
    const [claim] = await claimKeys(tx, tenantId, [{ key, requestHash: requestHashOf(call) }]);
    if (claim!.kind === 'refused') throw claim!.error;
    if (claim!.kind === 'stored') return { statusCode: claim!.statusCode, body: claim!.body as T, replayed: true };
    const body = await effect(tx);
    await storeAnswers(tx, tenantId, [{ key, statusCode, body }]);
    return { statusCode, body, replayed: false };
  });
}
