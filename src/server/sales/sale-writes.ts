// Everything a run of new sales writes, in TWO statements whatever its size (round trips
// cost more than the work under load: issue 10 §5), each a set of data-modifying WITH
// queries that run as one statement (none sees another's rows; constraints and triggers
// fire at its end, when all are written):
// 1. the sales, their cash entries and receivables, the conflicts admins review;
// 2. their lines and the products' stock with the new sync versions, and what the caller
//    closes its transaction with (the answers stored under the Idempotency-Keys).
// The lines come second because the day totals' triggers (migrations 0005, 0007) count a
// sale's cost from its lines once the sale is there: a sale's trigger reads the lines it
// already has (none), its lines' trigger reads the sale. In one statement both would see
// everything and count the cost twice.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { insertRowsSql } from '../db/json-rows';
import { accountsReceivable, cashFlowEntries, saleConflicts, saleItems, sales } from '../db/schema';
import { stockWriteSql, type StockWrite } from './stock';

export interface SalesWrite {
  sales: (typeof sales.$inferInsert)[];
  items: (typeof saleItems.$inferInsert)[];
  cash: (typeof cashFlowEntries.$inferInsert)[];
  receivables: (typeof accountsReceivable.$inferInsert)[];
  conflicts: (typeof saleConflicts.$inferInsert)[];
  stock: StockWrite[];
}

/** One statement of data-modifying WITH queries; the last one's rows are counted. */
async function withAll(t: DbOrTx, statements: readonly SQL[], counted: SQL): Promise<number> {
  const ctes = [...statements, counted].map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`);
  const { rows } = (await t.execute(sql`
    WITH ${sql.join(ctes, sql`, `)}
    SELECT (SELECT count(*) FROM ${sql.raw(`w${statements.length}`)})::integer AS n`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(rows[0]!.n);
}

/** `also`: statements of the caller that go in the last one (the stored answers). */
export async function writeSales(
  t: DbOrTx,
  tenantId: string,
  write: SalesWrite,
  now: Date,
  also: readonly (SQL | null)[],
): Promise<void> {
  await withAll(
    t,
    [
      ...(write.cash.length > 0 ? [insertRowsSql(cashFlowEntries, write.cash)] : []),
      ...(write.receivables.length > 0 ? [insertRowsSql(accountsReceivable, write.receivables)] : []),
      ...(write.conflicts.length > 0 ? [insertRowsSql(saleConflicts, write.conflicts)] : []),
    ],
    sql`${insertRowsSql(sales, write.sales)} RETURNING 1`,
  );
  const written = await withAll(
    t,
    [insertRowsSql(saleItems, write.items), ...also.filter((s): s is SQL => s !== null)],
    stockWriteSql(tenantId, write.stock, now),
  );
  if (written !== write.stock.length) {
    throw new Error(`estoque alterado fora do lock do produto (${written} de ${write.stock.length} produtos gravados)`);
  }
}
