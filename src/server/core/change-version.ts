// The per-tenant change version: the sync cursor of products and customers.
// Every write bumps tenants.change_version in its own transaction and stamps the row
// with the new value. The UPDATE row-locks the tenant until commit, so versions commit
// in increasing order and a client pulling "version > cursor" never skips a row.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tenants } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

/**
 * Row-locks the tenant's change version until commit. Call it FIRST in a transaction
 * that will bump the version after reading what it changes (sales, cancel, item edits),
 * so every such transaction takes the same locks in the same order.
 * NO KEY UPDATE, the lock the version UPDATE itself takes: it does not conflict with
 * the KEY SHARE locks that inserts referencing the tenant hold (an idempotency key
 * inserted earlier in the same transaction); FOR UPDATE would, and deadlock two of them.
 */
export async function lockChangeVersion(tx: DbOrTx, tenantId: string): Promise<void> {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  if (!row) throw notFound(MESSAGES.tenantNotFound);
}

/** Reserves `count` consecutive versions and returns the last one. Call inside a transaction. */
export async function nextChangeVersion(tx: DbOrTx, tenantId: string, count = 1): Promise<number> {
  const [row] = await tx
    .update(tenants)
    .set({ changeVersion: sql`${tenants.changeVersion} + ${count}` })
    .where(eq(tenants.id, tenantId))
    .returning({ version: tenants.changeVersion });
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return row.version;
}

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
