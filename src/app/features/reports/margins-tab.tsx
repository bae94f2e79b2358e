// Margens: the average margin, the best and worst product, and each product's margin
// (the 100 with the largest revenue on screen; the export lists every product sold).
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { useMargins, type MarginsData, type ReportRange } from './api';
import { Figure, FigureGrid } from './figure';
import { ReportPanel } from './report-panel';
import { formatAccounting, formatPercent, marginTone, productLabel } from './report-format';
import { tabOf } from './report-tabs';

const TAB = tabOf('margins');

export function MarginsTab({ range }: { range: ReportRange }) {
  const query = useMargins(range);
  return (
    <ReportPanel query={query} loadingText={TAB.loadingText} errorText={TAB.errorText}>
      {(data) => <MarginsView data={data} />}
    </ReportPanel>
  );
}

function MarginsView({ data }: { data: MarginsData }) {
  const best = data.best_performing_product;
  const worst = data.worst_performing_product;
  return (
    <div className="flex flex-col gap-6">
      <FigureGrid>
        <Figure
          label="Margem Média"
          value={formatPercent(data.average_margin)}
          tone={marginTone(data.average_margin)}
        />
        <Figure
          label="Melhor Margem"
          value={best ? formatPercent(best.margin_percentage) : '-'}
          tone={best ? marginTone(best.margin_percentage) : undefined}
          detail={best ? productLabel(best) : 'Nenhuma venda no período'}
        />
        <Figure
          label="Pior Margem"
          value={worst ? formatPercent(worst.margin_percentage) : '-'}
          tone={worst ? marginTone(worst.margin_percentage) : undefined}
          detail={worst ? productLabel(worst) : 'Nenhuma venda no período'}
        />
        <Figure label="Produtos Vendidos" value={String(data.product_count)} />
      </FigureGrid>
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="text-base font-semibold text-slate-900">Margem por Produto</h2>
          {data.product_count > data.product_margins.length ? (
            <p className="text-sm text-slate-600">
              Mostrando os {data.product_margins.length} produtos de maior receita, de {data.product_count} vendidos. A
              exportação traz todos.
            </p>
          ) : null}
        </div>
        {data.product_margins.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-600">Nenhuma venda no período.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Margem por produto</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
                  <th scope="col" className="px-4 py-2 font-medium">
                    Produto
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Receita
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Custo
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Lucro Bruto
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Margem
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.product_margins.map((p) => (
                  <tr key={p.product_id}>
                    <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                      {p.product_name}
                      <span className="block text-xs font-normal text-slate-600">
                        <span className="font-mono">{p.sku}</span> · {p.size || '-'} / {p.color || '-'}
                      </span>
                    </th>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatBRL(p.revenue)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatBRL(p.cost)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {formatAccounting(p.gross_profit)}
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Badge tone={marginTone(p.margin_percentage)}>{formatPercent(p.margin_percentage)}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
