// Everything a run of new sales writes, in ONE statement whatever its size (under load a
// round trip costs more than the work: issue 10 §5): the sales, their lines, their cash
// entries and receivables, the conflicts admins review, the products' stock with the new
// sync versions, and what the caller closes its transaction with (the answers stored
// under the Idempotency-Keys), as data-modifying WITH queries. They run as one statement:
// none sees another's rows, and the constraints (a line's sale, a sale's customer) and the
// day totals' triggers fire at its end, when every row is there (a new sale counts its
// revenue, its lines their cost: migration 0009).
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, type DbOrTx } from '../db/client';
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

/** `also`: statements of the caller that go in the same one (the stored answers). */
export async function writeSales(
  t: DbOrTx,
  tenantId: string,
  write: SalesWrite,
  now: Date,
  also: readonly (SQL | null)[],
): Promise<void> {
  const statements = [
    insertRowsSql(sales, write.sales),
    insertRowsSql(saleItems, write.items),
    ...(write.cash.length > 0 ? [insertRowsSql(cashFlowEntries, write.cash)] : []),
    ...(write.receivables.length > 0 ? [insertRowsSql(accountsReceivable, write.receivables)] : []),
    ...(write.conflicts.length > 0 ? [insertRowsSql(saleConflicts, write.conflicts)] : []),
    ...also.filter((s): s is SQL => s !== null),
  ];
  const ctes = statements.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`);
  const { rows } = await executeNamed<{ written: number | string }>(
    t,
    sql`WITH ${sql.join(ctes, sql`, `)}, stock AS (${stockWriteSql(tenantId, write.stock, now)})
        SELECT (SELECT count(*) FROM stock)::integer AS written`,
  );
  const written = Number(rows[0]!.written);
  if (written !== write.stock.length) {
    throw new Error(`estoque alterado fora do lock do produto (${written} de ${write.stock.length} produtos gravados)`);
  }
}
