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
import { and, eq } from 'drizzle-orm';
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
  const requestHash = requestHashOf(call);
  const own = and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    // status_code 0: claimed, effect running (never visible outside this transaction).
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId, key, requestHash, statusCode: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(own);
      // Gone between the conflict and the read (pruned): let the caller try again.
      if (!stored) throw conflict('Requisição repetida em andamento. Tente novamente.');
      if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MISMATCH);
      return { statusCode: stored.statusCode, body: stored.responseBody as T, replayed: true };
    }
    const body = await effect(tx);
    await tx.update(idempotencyKeys).set({ statusCode, responseBody: body }).where(own);
    return { statusCode, body, replayed: false };
  });
}
