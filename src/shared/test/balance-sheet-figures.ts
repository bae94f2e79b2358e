// A balance sheet in reais from its four figures, the totals added up to the centavo: the
// reports' tests (the app's fake reports server, the server's expected figures) state the
// parts and let the sums follow.
import type { BalanceSheet } from '../contract/reports';

export interface SheetParts {
  cash: number;
  accounts_receivable: number;
  inventory: number;
  accounts_payable: number;
}

/** The sum of amounts in reais, to the centavo (no float residue). */
const reais = (...amounts: number[]) => Math.round(amounts.reduce((sum, a) => sum + a * 100, 0)) / 100;

export function balanceSheetOf({ cash, accounts_receivable, inventory, accounts_payable }: SheetParts): BalanceSheet {
  const assets = reais(cash, accounts_receivable, inventory);
  const equity = reais(assets, -accounts_payable);
  return {
    assets: {
      current_assets: { cash, accounts_receivable, inventory, total_current_assets: assets },
      total_assets: assets,
    },
    liabilities: {
      current_liabilities: { accounts_payable, short_term_debt: 0, total_current_liabilities: accounts_payable },
      total_liabilities: accounts_payable,
    },
    equity: { retained_earnings: equity, total_equity: equity },
  };
}
