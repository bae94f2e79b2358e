// Balance sheet as of a São Paulo day D (DESIGN.md, finance rules): cash = the cash book's
// balance through D (the cash-flow summary's final balance, the same function); accounts
// receivable and payable = accounts created by D (created_at's day <= D) neither paid by D
// (payment_date <= D) nor cancelled by D (cancelled_at's day <= D); inventory = live
// products' positive stock x cost price, plus the centavos of their NF-e entries that one
// cost per unit cannot carry (cost_remainder), so goods enter at what the notes cost.
// Stock has no history: inventory is today's, whatever D is. No debt is recorded
// (short_term_debt = 0); equity = assets - liabilities.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BalanceSheet } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { accountsPayable, accountsReceivable, products } from '../db/schema';
import { cashSummary } from '../finance/cash-flow';
import { byDay, centavos, rowsOf } from './period';

/** Sum of the accounts open at the end of `day`. */
function openAt(t: typeof accountsReceivable | typeof accountsPayable, tenantId: string, day: string) {
  return sql`(SELECT coalesce(sum(${t.amount}), 0) FROM ${t}
     WHERE ${t.tenantId} = ${tenantId} AND ${byDay(t.createdAt, day)}
       AND (${t.paymentDate} IS NULL OR ${t.paymentDate} > ${day}::date)
       AND (${t.cancelledAt} IS NULL OR NOT ${byDay(t.cancelledAt, day)}))::float8`;
}

export async function balanceSheet(db: DbOrTx, tenantId: string, asOf: string): Promise<BalanceSheet> {
  const p = products;
  const live = and(eq(p.tenantId, tenantId), isNull(p.deletedAt));
  const [[row], cash] = await Promise.all([
    rowsOf<{ receivable: unknown; payable: unknown; inventory: unknown }>(
      db,
      sql`SELECT ${openAt(accountsReceivable, tenantId, asOf)} AS receivable,
                 ${openAt(accountsPayable, tenantId, asOf)} AS payable,
                 (SELECT coalesce(sum(${p.currentStock}::bigint * ${p.costPrice} + ${p.costRemainder}), 0)
                    FROM ${p} WHERE ${live} AND ${p.currentStock} > 0)::float8 AS inventory`,
    ),
    cashSummary(db, tenantId, { end_date: asOf }),
  ]);
  return buildBalanceSheet({
    cash: cash.final_balance,
    accounts_receivable: centavos(row?.receivable),
    inventory: centavos(row?.inventory),
    accounts_payable: centavos(row?.payable),
  });
}

export function buildBalanceSheet(f: {
  cash: number;
  accounts_receivable: number;
  inventory: number;
  accounts_payable: number;
}): BalanceSheet {
  const total_current_assets = f.cash + f.accounts_receivable + f.inventory;
  const short_term_debt = 0;
  const total_current_liabilities = f.accounts_payable + short_term_debt;
  const equity = total_current_assets - total_current_liabilities;
  return {
    assets: {
      current_assets: {
        cash: f.cash,
        accounts_receivable: f.accounts_receivable,
        inventory: f.inventory,
        total_current_assets,
      },
      total_assets: total_current_assets,
    },
    liabilities: {
      current_liabilities: { accounts_payable: f.accounts_payable, short_term_debt, total_current_liabilities },
      total_liabilities: total_current_liabilities,
    },
    equity: { retained_earnings: equity, total_equity: equity },
  };
}
