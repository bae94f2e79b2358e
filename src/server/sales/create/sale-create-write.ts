// Everything a run of new sales writes, in ONE statement whatever its size (under load a
// round trip costs more than the work): the sales, their lines, the parts they were paid
// in, their cash entries and receivables, the conflicts admins review, the stock movements
// (one per sale and product), the products' stock with the new sync
// versions (ledgers/stock.ts), the sales' NFC-e (or why a sale has none) and the answers stored under the run's Idempotency-Keys, as
// data-modifying WITH queries. They run as one statement: none sees another's rows, and the
// constraints (a line's sale, a sale's customer) and the day totals' triggers fire at its
// end, when every row is there (a new sale counts its revenue, its lines their cost).
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, type DbOrTx } from '../../db/client';
import { insertRowsSql } from '../../db/json-rows';
import {
  accountsReceivable,
  fiscalNotes,
  fiscalUnissued,
  saleConflicts,
  saleItems,
  salePayments,
  sales,
  stockMovements,
  storeCreditLedger,
} from '../../db/schema';
import { cashEntriesInsertSql, type CashEntry } from '../../ledgers/cash-book';
import { stockWriteSql, stockWritten, type StockWrite } from '../../ledgers/stock';
import { storeCreditBalancesSql } from '../records/store-credit';
import { countedLinesSql } from './sale-counted';

export interface SalesWrite {
  sales: (typeof sales.$inferInsert)[];
  items: (typeof saleItems.$inferInsert)[];
  payments: (typeof salePayments.$inferInsert)[];
  /** Their cash-book entries (the cash book's one writer makes the INSERT). */
  cash: CashEntry[];
  receivables: (typeof accountsReceivable.$inferInsert)[];
  conflicts: (typeof saleConflicts.$inferInsert)[];
  stock: StockWrite[];
  /** The stock movements of the run: one per sale and product it moved. */
  movements: (typeof stockMovements.$inferInsert)[];
  /** Open counts' lines the run's offline sales had been made before (sale-counted.ts). */
  countedLines?: { countId: string; productId: string; take: number }[];
  /** The vale-troca the run's sales used: the ledger's rows and each customer's balance after. */
  storeCredit?: {
    ledger: (typeof storeCreditLedger.$inferInsert)[];
    balances: { customerId: string; balance: number }[];
  };
  /** The run's NFC-e, signed (fiscal/issue-notes.ts), and the sales that have none with why. */
  fiscal?: {
    notes: (typeof fiscalNotes.$inferInsert)[];
    unissued: (typeof fiscalUnissued.$inferInsert)[];
  };
}

/**
 * The write statement (the bench runs this very statement as its floor); `answers` is the
 * INSERT of the keys' answers (core/idempotency.ts answersInsertSql), or null. It answers
 * `written`, the number of products whose stock it wrote.
 */
export function salesWriteSql(tenantId: string, write: SalesWrite, now: Date, answers: SQL | null): SQL {
  const statements = [
    insertRowsSql(sales, write.sales),
    insertRowsSql(saleItems, write.items),
    ...(write.payments.length > 0 ? [insertRowsSql(salePayments, write.payments)] : []),
    ...(write.cash.length > 0 ? [cashEntriesInsertSql(write.cash)!] : []),
    ...(write.receivables.length > 0 ? [insertRowsSql(accountsReceivable, write.receivables)] : []),
    ...(write.conflicts.length > 0 ? [insertRowsSql(saleConflicts, write.conflicts)] : []),
    ...(write.movements.length > 0 ? [insertRowsSql(stockMovements, write.movements)] : []),
    ...(write.storeCredit && write.storeCredit.ledger.length > 0
      ? [
          insertRowsSql(storeCreditLedger, write.storeCredit.ledger),
          storeCreditBalancesSql(tenantId, write.storeCredit.balances),
        ]
      : []),
    ...(write.countedLines && write.countedLines.length > 0 ? [countedLinesSql(tenantId, write.countedLines)] : []),
    ...(write.fiscal && write.fiscal.notes.length > 0 ? [insertRowsSql(fiscalNotes, write.fiscal.notes)] : []),
    ...(write.fiscal && write.fiscal.unissued.length > 0 ? [insertRowsSql(fiscalUnissued, write.fiscal.unissued)] : []),
    ...(answers ? [answers] : []),
  ];
  const ctes = statements.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`);
  return sql`WITH ${sql.join(ctes, sql`, `)}, stock AS (${stockWriteSql(tenantId, write.stock, now)})
             SELECT (SELECT count(*) FROM stock)::integer AS written`;
}

export async function writeSales(
  t: DbOrTx,
  tenantId: string,
  write: SalesWrite,
  now: Date,
  answers: SQL | null,
): Promise<void> {
  const { rows } = await executeNamed<{ written: number | string }>(t, salesWriteSql(tenantId, write, now, answers));
  stockWritten(Number(rows[0]!.written), write.stock.length);
}
