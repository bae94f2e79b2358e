// The per-tenant change version: the sync cursor of products and customers.
// Every write bumps tenants.change_version in its own transaction and stamps the row
// with the new value. The UPDATE row-locks the tenant until commit, so versions commit
// in increasing order and a client pulling "version > cursor" never skips a row.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tenants } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

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
