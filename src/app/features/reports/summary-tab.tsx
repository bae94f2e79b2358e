// Resumo: the period's key figures from /summary (result, position, margins).
import { formatBRL } from '../../../shared/money';
import { formatDate } from '../../../shared/dates';
import { useSummary, type SummaryData } from './api';
import { Figure, FigureGrid, MarginFigure, ResultMargins, SectionTitle } from './figure';
import { periodTab } from './report-panel';
import { formatSignedPercent, growthFigure, TONE_TEXT } from './report-format';

export const SummaryTab = periodTab('summary', useSummary, SummaryView);

function SummaryView({ data }: { data: SummaryData }) {
  const { dre, balance_sheet: sheet, profitability, margin_analysis: margins } = data;
  const growth = profitability.growth_analysis;
  const revenueGrowth = growthFigure(growth.revenue_growth, growth.revenue_growth_unavailable, formatSignedPercent);
  return (
    <div>
      <SectionTitle>Resultado do período</SectionTitle>
      <FigureGrid>
        <Figure
          label="Receita Total"
          value={formatBRL(dre.revenue.total_revenue)}
          detail={
            <>
              <span className={`font-medium ${TONE_TEXT[revenueGrowth.tone]}`}>
                {revenueGrowth.text} vs período anterior
              </span>
              {revenueGrowth.why ? ` · ${revenueGrowth.why}` : null}
            </>
          }
        />
        <Figure
          label="Lucro Bruto"
          value={formatBRL(dre.gross_profit)}
          tone={dre.gross_profit < 0 ? 'red' : undefined}
        />
        <Figure label="Despesas Operacionais" value={formatBRL(dre.operating_expenses.total_operating_expenses)} />
        <Figure label="Lucro Líquido" value={formatBRL(dre.net_income)} tone={dre.net_income < 0 ? 'red' : 'green'} />
      </FigureGrid>
      <SectionTitle>Margens</SectionTitle>
      <FigureGrid>
        <ResultMargins
          gross={dre.gross_margin_percentage}
          operating={dre.operating_margin_percentage}
          net={dre.net_margin_percentage}
        />
        <MarginFigure
          label="Margem Média dos Produtos"
          margin={margins.average_margin}
          detail={`${margins.product_count} produto(s) vendido(s)`}
        />
      </FigureGrid>
      <SectionTitle>Posição em {formatDate(data.period.as_of_date)}</SectionTitle>
      <FigureGrid>
        <Figure
          label="Caixa"
          value={formatBRL(sheet.assets.current_assets.cash)}
          tone={sheet.assets.current_assets.cash < 0 ? 'red' : undefined}
        />
        <Figure label="Total do Ativo" value={formatBRL(sheet.assets.total_assets)} />
        <Figure label="Total do Passivo" value={formatBRL(sheet.liabilities.total_liabilities)} />
        <Figure
          label="Patrimônio Líquido"
          value={formatBRL(sheet.equity.total_equity)}
          tone={sheet.equity.total_equity < 0 ? 'red' : undefined}
        />
      </FigureGrid>
    </div>
  );
}
