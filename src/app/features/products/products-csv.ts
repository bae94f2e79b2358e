// The products list as a CSV for Excel (Produtos' 'Exportar'): the rows on screen, with
// stock and prices as numbers Excel in Brazil reads (lib/csv).
import type { Product } from '../../../shared/contract';
import { todayIso } from '../../../shared/dates';
import { csvFileName, csvMoney, downloadCsv, type CsvRow } from '../../lib/csv';

export const PRODUCT_CSV_HEADER = [
  'SKU',
  'Produto',
  'Tamanho',
  'Cor',
  'Estoque atual',
  'Estoque mínimo',
  'Preço de custo (R$)',
  'Preço de venda (R$)',
  'Status',
] as const;

export function productRows(products: readonly Product[]): CsvRow[] {
  return [
    PRODUCT_CSV_HEADER,
    ...products.map((p) => [
      p.sku,
      p.name,
      p.size,
      p.color,
      p.current_stock,
      p.minimum_stock,
      csvMoney(p.cost_price),
      csvMoney(p.sale_price),
      p.active ? 'Ativo' : 'Inativo',
    ]),
  ];
}

export function exportProducts(products: readonly Product[]): void {
  downloadCsv(csvFileName(`produtos ${todayIso()}`), productRows(products));
}
