// Lucratividade: the period's margins and returns, and growth against the period before.
import { useProfitability, type ProfitabilityData, type ReportRange } from './api';
import { Figure, FigureGrid, SectionTitle } from './figure';
import { ReportPanel } from './report-panel';
import {
  changeTone,
  formatPercent,
  formatPoints,
  formatSignedPercent,
  growthFigure,
  marginTone,
} from './report-format';
import { tabOf } from './report-tabs';

const TAB = tabOf('profitability');

export function ProfitabilityTab({ range }: { range: ReportRange }) {
  const query = useProfitability(range);
  return (
    <ReportPanel query={query} loadingText={TAB.loadingText} errorText={TAB.errorText}>
      {(data) => <ProfitabilityView data={data} />}
    </ReportPanel>
  );
}

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
        <Figure
          label="Margem Bruta"
          value={formatPercent(r.gross_profit_margin)}
          tone={marginTone(r.gross_profit_margin)}
        />
        <Figure
          label="Margem Operacional"
          value={formatPercent(r.operating_margin)}
          tone={marginTone(r.operating_margin)}
        />
        <Figure label="Margem Líquida" value={formatPercent(r.net_margin)} tone={marginTone(r.net_margin)} />
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
