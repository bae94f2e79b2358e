// Profitability and the summary (DESIGN.md, finance rules). Profitability: the range's
// DRE margins; ROA = net income / total assets at the range's end, ROE = net income /
// equity there (0 when the divisor <= 0); growth against the range of equal length just
// before: revenue and net income in percent of the previous value, margin_improvement =
// net margin now - net margin before, in percentage points. A figure whose base is missing
// (no revenue before: no revenue growth and no margin before; a result of exactly zero
// before: no profit growth) is 0 and says why in its `_unavailable` companion.
// The summary is the other reports for one range (the balance sheet as of as_of_date,
// default the range's end), each computed once.
import type { BalanceSheet, Dre, Profitability, SummaryReport } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { balanceSheet } from './balance-sheet';
import { dres } from './dre';
import { marginAnalysis } from './margins';
import { previousDays, type Days } from './period';
import { growthPercent, percentOf, pointsBetween } from './percent';

function growthAnalysis(now: Dre, before: Dre): Profitability['growth_analysis'] {
  const noRevenue = before.revenue.total_revenue === 0 ? 'no_previous_revenue' : null;
  const noProfit = before.net_income === 0 ? (noRevenue ?? 'no_previous_profit') : null;
  return {
    revenue_growth: noRevenue ? 0 : growthPercent(now.revenue.total_revenue, before.revenue.total_revenue),
    profit_growth: noProfit ? 0 : growthPercent(now.net_income, before.net_income),
    margin_improvement: noRevenue ? 0 : pointsBetween(now.net_margin_percentage, before.net_margin_percentage),
    revenue_growth_unavailable: noRevenue,
    profit_growth_unavailable: noProfit,
    margin_improvement_unavailable: noRevenue,
  };
}

export function buildProfitability(now: Dre, before: Dre, atEnd: BalanceSheet): Profitability {
  const net = now.net_income;
  const positive = (divisor: number) => (divisor > 0 ? divisor : 0);
  return {
    profitability_ratios: {
      gross_profit_margin: now.gross_margin_percentage,
      operating_margin: now.operating_margin_percentage,
      net_margin: now.net_margin_percentage,
      return_on_assets: percentOf(net, positive(atEnd.assets.total_assets)),
      return_on_equity: percentOf(net, positive(atEnd.equity.total_equity)),
    },
    growth_analysis: growthAnalysis(now, before),
  };
}

/** The range's DRE and the previous range's, from one pass over the sales' lines. */
async function nowAndBefore(db: DbOrTx, tenantId: string, days: Days): Promise<[Dre, Dre]> {
  const [now, before] = await dres(db, tenantId, [days, previousDays(days)]);
  return [now!, before!];
}

export async function profitability(db: DbOrTx, tenantId: string, days: Days): Promise<Profitability> {
  const [[now, before], atEnd] = await Promise.all([
    nowAndBefore(db, tenantId, days),
    balanceSheet(db, tenantId, days.end),
  ]);
  return buildProfitability(now, before, atEnd);
}

export async function summaryReport(db: DbOrTx, tenantId: string, days: Days, asOf = days.end): Promise<SummaryReport> {
  const [[now, before], atEnd, margins] = await Promise.all([
    nowAndBefore(db, tenantId, days),
    balanceSheet(db, tenantId, days.end),
    marginAnalysis(db, tenantId, days),
  ]);
  const sheet = asOf === days.end ? atEnd : await balanceSheet(db, tenantId, asOf);
  return {
    period: { start_date: days.start, end_date: days.end, as_of_date: asOf },
    dre: now,
    balance_sheet: sheet,
    profitability: buildProfitability(now, before, atEnd),
    margin_analysis: margins,
  };
}
