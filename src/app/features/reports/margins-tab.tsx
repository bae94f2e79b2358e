// Margens: the average margin, the best and worst product, and each product's margin
// (the 100 with the largest revenue on screen; the export lists every product sold). On
// phones the money columns fold under the product, as the other tables fold.
import { formatBRL } from '../../../shared/money';
import { variantText } from '../../../shared/product-variant';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { cn } from '../../components/cn';
import { FOLD, TBody, THead, Table, Td, Th } from '../../components/table';
import { useMargins, type MarginsData } from './api';
import { Figure, FigureGrid, MarginFigure } from './figure';
import { periodTab } from './report-panel';
import { formatAccounting, formatPercent, marginTone, productLabel } from './report-format';

export const MarginsTab = periodTab('margins', useMargins, MarginsView);

/** The best or the worst margin of the period, with its product. */
function ExtremeFigure({ label, product }: { label: string; product: MarginsData['best_performing_product'] }) {
  if (!product) return <Figure label={label} value="-" detail="Nenhuma venda no período" />;
  return <MarginFigure label={label} margin={product.margin_percentage} detail={productLabel(product)} />;
}

function MarginsView({ data }: { data: MarginsData }) {
  return (
    <div className="flex flex-col gap-6">
      <FigureGrid>
        <MarginFigure label="Margem Média" margin={data.average_margin} />
        <ExtremeFigure label="Melhor Margem" product={data.best_performing_product} />
        <ExtremeFigure label="Pior Margem" product={data.worst_performing_product} />
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
          <Table>
            <caption className="sr-only">Margem por produto</caption>
            <THead>
              <tr>
                <Th>Produto</Th>
                <Th className={cn(FOLD.from.sm, 'text-right')}>Receita</Th>
                <Th className={cn(FOLD.from.sm, 'text-right')}>Custo</Th>
                <Th className={cn(FOLD.from.sm, 'text-right')}>Lucro Bruto</Th>
                <Th className="text-right">Margem</Th>
              </tr>
            </THead>
            <TBody>
              {data.product_margins.map((p) => (
                <tr key={p.product_id}>
                  <th scope="row" className="px-3 py-3 text-left font-medium text-slate-900 sm:px-4">
                    {p.product_name}
                    <span className="block text-xs font-normal text-slate-600">
                      <span className="font-mono">{p.sku}</span>
                      {variantText(p) ? ` · ${variantText(p)}` : null}
                    </span>
                    {/* Phones: the money columns under the name. */}
                    <dl className={cn(FOLD.upTo.sm, 'mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs font-normal')}>
                      <dt className="text-slate-600">Receita</dt>
                      <dd className="tabular-nums text-slate-900">{formatBRL(p.revenue)}</dd>
                      <dt className="text-slate-600">Custo</dt>
                      <dd className="tabular-nums text-slate-900">{formatBRL(p.cost)}</dd>
                      <dt className="text-slate-600">Lucro Bruto</dt>
                      <dd className="tabular-nums text-slate-900">{formatAccounting(p.gross_profit)}</dd>
                    </dl>
                  </th>
                  <Td className={cn(FOLD.from.sm, 'whitespace-nowrap text-right tabular-nums')}>
                    {formatBRL(p.revenue)}
                  </Td>
                  <Td className={cn(FOLD.from.sm, 'whitespace-nowrap text-right tabular-nums')}>{formatBRL(p.cost)}</Td>
                  <Td className={cn(FOLD.from.sm, 'whitespace-nowrap text-right tabular-nums')}>
                    {formatAccounting(p.gross_profit)}
                  </Td>
                  <Td className="text-right">
                    <Badge tone={marginTone(p.margin_percentage)}>{formatPercent(p.margin_percentage)}</Badge>
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
