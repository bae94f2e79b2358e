// Lucratividade: the period's margins and returns, and growth against the period before.
import { useProfitability, type ProfitabilityData } from './api';
import { Figure, FigureGrid, ResultMargins, SectionTitle } from './figure';
import { periodTab } from './report-panel';
import { changeTone, formatPercent, formatPoints, formatSignedPercent, growthFigure } from './report-format';

export const ProfitabilityTab = periodTab('profitability', useProfitability, ProfitabilityView);

function ProfitabilityView({ data }: { data: ProfitabilityData }) {
  const r = data.profitability_ratios;
  const g = data.growth_analysis;
  const revenue = growthFigure(g.revenue_growth, g.revenue_growth_unavailable, formatSignedPercent);
  const profit = growthFigure(g.profit_growth, g.profit_growth_unavailable, formatSignedPercent);
  const margin = growthFigure(g.margin_improvement, g.margin_improvement_unavailable, formatPoints);
  return (
    <div>
      <SectionTitle>Índices de rentabilidade</SectionTitle>
      <FigureGrid>
        <ResultMargins gross={r.gross_profit_margin} operating={r.operating_margin} net={r.net_margin} />
        <Figure
          label="Retorno sobre Ativos (ROA)"
          value={formatPercent(r.return_on_assets)}
          tone={changeTone(r.return_on_assets)}
          detail="Lucro líquido / ativo total"
        />
        <Figure
          label="Retorno sobre Patrimônio (ROE)"
          value={formatPercent(r.return_on_equity)}
          tone={changeTone(r.return_on_equity)}
          detail="Lucro líquido / patrimônio líquido"
        />
      </FigureGrid>
      <SectionTitle>Comparado ao período anterior</SectionTitle>
      <FigureGrid>
        <Figure label="Crescimento da Receita" value={revenue.text} tone={revenue.tone} detail={revenue.why} />
        <Figure label="Crescimento do Lucro" value={profit.text} tone={profit.tone} detail={profit.why} />
        <Figure label="Variação da Margem Líquida" value={margin.text} tone={margin.tone} detail={margin.why} />
      </FigureGrid>
    </div>
  );
}
