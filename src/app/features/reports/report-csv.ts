// The open report as CSV rows (lib/csv writes them the way Excel reads them in Brazil):
// a heading (report, period), then the report's own lines. Money in reais, percentages as
// numbers; figures straight from the API's answer.
import type { QueryClient } from '@tanstack/react-query';
import { csvDate, csvDecimal, csvFileName, csvMoney, downloadCsv, type CsvRow } from '../../lib/csv';
import {
  allMargins,
  balanceSheetQuery,
  dreQuery,
  profitabilityQuery,
  summaryQuery,
  type BalanceSheetData,
  type DreData,
  type MarginsData,
  type ProfitabilityData,
  type ReportRange,
  type SummaryData,
} from './api';
import {
  GROWTH_UNAVAILABLE_FIGURE,
  GROWTH_UNAVAILABLE_TEXT,
  type GrowthUnavailable,
} from '../../../shared/contract/growth';
import { tabOf, type ReportTabValue } from './report-tabs';
import { balanceSheetLines, dreLines, type StatementLine } from './statement-lines';

function heading(title: string, range: ReportRange): CsvRow[] {
  return [['Relatório', title], ['Período', csvDate(range.start_date), csvDate(range.end_date)], []];
}

const statementRows = (lines: StatementLine[], withPercent: boolean): CsvRow[] =>
  lines.map((l) =>
    l.kind === 'section'
      ? [l.label]
      : withPercent
        ? [l.label, csvMoney(l.value ?? 0), csvDecimal(l.percent ?? 0)]
        : [l.label, csvMoney(l.value ?? 0)],
  );

export function dreRows(dre: DreData, range: ReportRange): CsvRow[] {
  return [
    ...heading(tabOf('dre').title, range),
    ['Conta', 'Valor (R$)', '% da receita'],
    ...statementRows(dreLines(dre), true),
  ];
}

export function balanceSheetRows(sheet: BalanceSheetData, range: ReportRange): CsvRow[] {
  const { assets, claims } = balanceSheetLines(sheet);
  return [
    ['Relatório', tabOf('balance').title],
    ['Posição em', csvDate(range.end_date)],
    [],
    ['Conta', 'Valor (R$)'],
    ['ATIVO'],
    ...statementRows(assets, false),
    [],
    ['PASSIVO E PATRIMÔNIO LÍQUIDO'],
    ...statementRows(claims, false),
  ];
}

/** A growth figure's row: its number, or '—' and why when the period before gives no base. */
function growthRow(label: string, value: number, unavailable: GrowthUnavailable | undefined, unit?: string): CsvRow {
  const units = unit === undefined ? [] : [unit];
  return unavailable
    ? [label, GROWTH_UNAVAILABLE_FIGURE, ...units, GROWTH_UNAVAILABLE_TEXT[unavailable]]
    : [label, csvDecimal(value), ...units];
}

export function profitabilityRows(data: ProfitabilityData, range: ReportRange): CsvRow[] {
  const r = data.profitability_ratios;
  const g = data.growth_analysis;
  return [
    ...heading(tabOf('profitability').title, range),
    ['Indicador', 'Valor', 'Unidade', 'Observação'],
    ['Margem bruta', csvDecimal(r.gross_profit_margin), '%'],
    ['Margem operacional', csvDecimal(r.operating_margin), '%'],
    ['Margem líquida', csvDecimal(r.net_margin), '%'],
    ['Retorno sobre ativos (ROA)', csvDecimal(r.return_on_assets), '%'],
    ['Retorno sobre patrimônio (ROE)', csvDecimal(r.return_on_equity), '%'],
    growthRow('Crescimento da receita', g.revenue_growth, g.revenue_growth_unavailable, '%'),
    growthRow('Crescimento do lucro', g.profit_growth, g.profit_growth_unavailable, '%'),
    growthRow('Variação da margem líquida', g.margin_improvement, g.margin_improvement_unavailable, 'p.p.'),
  ];
}

export function marginRows(data: MarginsData, range: ReportRange): CsvRow[] {
  return [
    ...heading(tabOf('margins').title, range),
    ['Margem média (%)', csvDecimal(data.average_margin)],
    ['Produtos vendidos', data.product_count],
    [],
    ['Produto', 'SKU', 'Tamanho', 'Cor', 'Receita (R$)', 'Custo (R$)', 'Lucro bruto (R$)', 'Margem (%)'],
    ...data.product_margins.map((p) => [
      p.product_name,
      p.sku,
      p.size,
      p.color,
      csvMoney(p.revenue),
      csvMoney(p.cost),
      csvMoney(p.gross_profit),
      csvDecimal(p.margin_percentage),
    ]),
  ];
}

export function summaryRows(data: SummaryData, range: ReportRange): CsvRow[] {
  const { dre, balance_sheet: sheet, margin_analysis: margins, profitability } = data;
  return [
    ...heading(tabOf('summary').title, range),
    ['Indicador', 'Valor'],
    ['Receita total (R$)', csvMoney(dre.revenue.total_revenue)],
    ['Lucro bruto (R$)', csvMoney(dre.gross_profit)],
    ['Despesas operacionais (R$)', csvMoney(dre.operating_expenses.total_operating_expenses)],
    ['Lucro líquido (R$)', csvMoney(dre.net_income)],
    ['Margem bruta (%)', csvDecimal(dre.gross_margin_percentage)],
    ['Margem operacional (%)', csvDecimal(dre.operating_margin_percentage)],
    ['Margem líquida (%)', csvDecimal(dre.net_margin_percentage)],
    growthRow(
      'Crescimento da receita (%)',
      profitability.growth_analysis.revenue_growth,
      profitability.growth_analysis.revenue_growth_unavailable,
    ),
    ['Margem média dos produtos (%)', csvDecimal(margins.average_margin)],
    ['Produtos vendidos', margins.product_count],
    ['Posição em', csvDate(data.period.as_of_date)],
    ['Caixa (R$)', csvMoney(sheet.assets.current_assets.cash)],
    ['Total do ativo (R$)', csvMoney(sheet.assets.total_assets)],
    ['Total do passivo (R$)', csvMoney(sheet.liabilities.total_liabilities)],
    ['Patrimônio líquido (R$)', csvMoney(sheet.equity.total_equity)],
  ];
}

/** Fetches what the tab needs (the cache answers when it can, offline too) and downloads it. */
export async function exportReport(client: QueryClient, tab: ReportTabValue, range: ReportRange): Promise<void> {
  const rows = await rowsFor(client, tab, range);
  const name =
    tab === 'balance' ? `balanco ${range.end_date}` : `${tabOf(tab).label} ${range.start_date} a ${range.end_date}`;
  downloadCsv(csvFileName(name), rows);
}

async function rowsFor(client: QueryClient, tab: ReportTabValue, range: ReportRange): Promise<CsvRow[]> {
  switch (tab) {
    case 'summary':
      return summaryRows(await client.ensureQueryData(summaryQuery(range)), range);
    case 'dre':
      return dreRows(await client.ensureQueryData(dreQuery(range)), range);
    case 'balance':
      return balanceSheetRows(await client.ensureQueryData(balanceSheetQuery(range.end_date)), range);
    case 'profitability':
      return profitabilityRows(await client.ensureQueryData(profitabilityQuery(range)), range);
    case 'margins':
      return marginRows(await allMargins(client, range), range);
  }
}
