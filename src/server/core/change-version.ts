// The per-tenant change version: the sync cursor of products and customers.
// Every write bumps tenants.change_version in its own transaction and stamps the rows it
// changes with the new values. The bump row-locks the tenant until commit, so versions
// commit in increasing order and a client pulling "version > cursor" never skips a row:
// a transaction that took version v commits before any transaction can take v + 1.
//
// That lock is the one point every writer of a store passes through, so it is taken
// LAST, just before commit (issue 10: held for a whole sale, it queued one store's sales
// behind each other). The rule for every transaction that bumps the version:
// 1. first lock what it reads to decide (the rows it changes: products FOR NO KEY
//    UPDATE in id order, the sale, the customer), and write what needs no version
//    (sales, lines, cash entries: the day totals' row locks come with these);
// 2. then nextChangeVersion, or a statement that writes with reserveVersions in a CTE
//    (the sale path: sales/stock.ts writeStockWithVersions, one round trip less);
// 3. then only write rows it already holds (the versioned rows, its idempotency answer).
// A transaction holding the version lock thus never waits for another lock, so the lock
// is held for two or three statements and the commit, and no cycle can go through it.
// The day totals (sales_days, cash_flow_days) are striped by connection (migration
// 0007), so two sales of one store on one day do not wait for each other there either:
// what one store's concurrent sales still share is this lock and the products they both
// sell.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tenants } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

/**
 * The statement that reserves `count` consecutive versions of the tenant, RETURNING
 * `base`: the versions are base + 1 .. base + count. For a CTE that writes the rows with
 * them in the same statement; alone, use nextChangeVersion.
 */
export function reserveVersions(tenantId: string, count: number): SQL {
  return sql`UPDATE ${tenants} SET change_version = change_version + ${count}
              WHERE id = ${tenantId}
             RETURNING change_version - ${count} AS base`;
}

/**
 * Reserves `count` consecutive versions and returns the last one. Call inside a
 * transaction, after every other lock it takes (see the rule above).
 */
export async function nextChangeVersion(tx: DbOrTx, tenantId: string, count = 1): Promise<number> {
  // Both drivers answer { rows }; bigint comes as text from node-postgres.
  const { rows } = (await tx.execute(reserveVersions(tenantId, count))) as unknown as {
    rows: { base: number | string }[];
  };
  if (!rows[0]) throw notFound(MESSAGES.tenantNotFound);
  return Number(rows[0].base) + count;
}

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
