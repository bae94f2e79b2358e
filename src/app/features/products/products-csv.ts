// The products list as a CSV for Excel (Produtos' 'Exportar'): the rows on screen, with
// stock and prices as numbers Excel in Brazil reads (lib/csv), and the fiscal data the
// import reads back.
import type { Product } from '../../../shared/contract';
import { todayIso } from '../../../shared/dates';
import { cestText, ncmText } from '../../../shared/contract/product-fiscal';
import { csvFileName, csvMoney, downloadCsv, type CsvRow } from '../../lib/csv';

export const PRODUCT_CSV_HEADER = [
  'SKU',
  'Código de barras',
  'Produto',
  'Tamanho',
  'Cor',
  'Estoque atual',
  'Estoque mínimo',
  'Preço de custo (R$)',
  'Preço de venda (R$)',
  'Status',
  'NCM',
  'CEST',
  'CFOP',
  'CSOSN',
  'Origem',
  'Unidade',
] as const;

const COST_COLUMN = PRODUCT_CSV_HEADER.indexOf('Preço de custo (R$)');

/** Without the cost column when the list came without cost prices (a cashier of a store that hides them). */
export function productRows(products: readonly Product[]): CsvRow[] {
  const withCost = products.length === 0 || products.some((p) => p.cost_price !== undefined);
  const rows: CsvRow[] = [
    PRODUCT_CSV_HEADER,
    ...products.map((p) => [
      p.sku,
      p.barcode ?? '',
      p.name,
      p.size,
      p.color,
      p.current_stock,
      p.minimum_stock,
      p.cost_price === undefined ? '' : csvMoney(p.cost_price),
      csvMoney(p.sale_price),
      p.active ? 'Ativo' : 'Inativo',
      // Written with their dots, so Excel keeps them as text (an NCM of chapter 01 keeps its zero).
      ncmText(p.ncm),
      cestText(p.cest),
      p.cfop ?? '',
      p.csosn ?? '',
      p.origin ?? '',
      p.unit,
    ]),
  ];
  return withCost ? rows : rows.map((row) => row.filter((_, i) => i !== COST_COLUMN));
}

export function exportProducts(products: readonly Product[]): void {
  downloadCsv(csvFileName(`produtos ${todayIso()}`), productRows(products));
}
