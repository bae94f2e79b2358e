// The DRE and the balance sheet as lines an accountant prints: sections, lines, subtotals
// and totals, with signed values (a cost or expense is negative) and, on the DRE, each
// line's share of the revenue. The screen and the CSV export both read these.
import type { BalanceSheetData, DreData } from './api';
import { shareOf } from './report-format';

export type LineKind = 'section' | 'line' | 'subtotal' | 'total';

export interface StatementLine {
  kind: LineKind;
  label: string;
  /** signed centavos; absent on a section heading */
  value?: number;
  /** percent of total revenue (DRE only) */
  percent?: number;
}

export function dreLines(dre: DreData): StatementLine[] {
  const revenue = dre.revenue.total_revenue;
  const line = (label: string, value: number, kind: LineKind = 'line'): StatementLine => ({
    kind,
    label,
    value,
    percent: shareOf(value, revenue),
  });
  const cogs = dre.cost_of_goods_sold;
  const opex = dre.operating_expenses;
  return [
    { kind: 'section', label: 'Receita Operacional' },
    // Returns deduct from the sales' revenue: gross, the deduction, net (the spec's sales_revenue).
    ...(dre.revenue.returns !== undefined && dre.revenue.gross_sales_revenue !== undefined
      ? [
          line('Receita bruta de vendas', dre.revenue.gross_sales_revenue),
          line('(-) Devoluções e abatimentos', -dre.revenue.returns),
        ]
      : []),
    line('Receita de vendas', dre.revenue.sales_revenue),
    line('Outras receitas', dre.revenue.other_revenue),
    { kind: 'subtotal', label: '(=) Receita Total', value: revenue, percent: revenue === 0 ? 0 : 100 },
    { kind: 'section', label: '(-) Custo das Mercadorias Vendidas' },
    line('Custo dos produtos vendidos', -cogs.product_costs),
    line('Mão de obra direta', -cogs.direct_labor),
    line('Outros custos', -cogs.other_costs),
    line('Total do custo', -cogs.total_cogs, 'subtotal'),
    { kind: 'subtotal', label: '(=) Lucro Bruto', value: dre.gross_profit, percent: dre.gross_margin_percentage },
    { kind: 'section', label: '(-) Despesas Operacionais' },
    line('Administrativas', -opex.administrative),
    line('Marketing', -opex.marketing),
    line('Logística', -opex.logistics),
    line('Tecnologia', -opex.technology),
    line('Utilidades', -opex.utilities),
    line('Impostos', -opex.taxes),
    line('Outras despesas', -opex.other_expenses),
    line('Total das despesas operacionais', -opex.total_operating_expenses, 'subtotal'),
    {
      kind: 'subtotal',
      label: '(=) Resultado Operacional',
      value: dre.operating_income,
      percent: dre.operating_margin_percentage,
    },
    { kind: 'total', label: '(=) Lucro Líquido do Período', value: dre.net_income, percent: dre.net_margin_percentage },
  ];
}

export function balanceSheetLines(sheet: BalanceSheetData): { assets: StatementLine[]; claims: StatementLine[] } {
  const current = sheet.assets.current_assets;
  const debts = sheet.liabilities.current_liabilities;
  return {
    assets: [
      { kind: 'section', label: 'Ativo Circulante' },
      { kind: 'line', label: 'Caixa', value: current.cash },
      { kind: 'line', label: 'Contas a receber', value: current.accounts_receivable },
      { kind: 'line', label: 'Estoque', value: current.inventory },
      { kind: 'subtotal', label: 'Total do Ativo Circulante', value: current.total_current_assets },
      { kind: 'total', label: 'Total do Ativo', value: sheet.assets.total_assets },
    ],
    claims: [
      { kind: 'section', label: 'Passivo Circulante' },
      { kind: 'line', label: 'Contas a pagar', value: debts.accounts_payable },
      { kind: 'line', label: 'Empréstimos de curto prazo', value: debts.short_term_debt },
      { kind: 'subtotal', label: 'Total do Passivo Circulante', value: debts.total_current_liabilities },
      { kind: 'subtotal', label: 'Total do Passivo', value: sheet.liabilities.total_liabilities },
      { kind: 'section', label: 'Patrimônio Líquido' },
      { kind: 'line', label: 'Lucros acumulados', value: sheet.equity.retained_earnings },
      { kind: 'subtotal', label: 'Total do Patrimônio Líquido', value: sheet.equity.total_equity },
      {
        kind: 'total',
        label: 'Total do Passivo e Patrimônio Líquido',
        value: sheet.liabilities.total_liabilities + sheet.equity.total_equity,
      },
    ],
  };
}
