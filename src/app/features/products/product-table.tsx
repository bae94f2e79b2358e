import { formatBRL } from '../../../shared/money';
import { variantText } from '../../../shared/product-variant';
import type { Product } from '../../../shared/contract';
import { Badge } from '../../components/badge';
import { cn } from '../../components/cn';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import { ACTIONS_COLUMN, RowActionsCell, type EditableTableProps } from '../../components/row-actions';
import { isLowStock } from './filter-products';

const COLUMNS: readonly Column[] = [
  { label: 'SKU', className: FOLD.from.xl },
  { label: 'Produto' },
  { label: 'Tamanho/Cor', className: FOLD.from.xl },
  { label: 'Estoque', className: 'w-0' },
  { label: 'Preços', className: FOLD.from.sm },
  { label: 'Status', className: FOLD.from.md },
];

interface ProductTableProps extends EditableTableProps<Product> {
  products: readonly Product[];
  /** Opens the product's 'Movimentação de Estoque' (its stock figure is the button). */
  onMovements: (product: Product) => void;
}

/** A product without cost_price (a cashier of a store that hides it) shows its sale price only. */
export function ProductTable({ products, canWrite, emptyText, onEdit, onDelete, onMovements }: ProductTableProps) {
  return (
    <ListTable
      label="Produtos"
      columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}
      rows={products}
      emptyText={emptyText}
    >
      {(product) => {
        const low = isLowStock(product);
        return (
          <tr
            key={product.id}
            data-low-stock={low || undefined}
            className={cn(low ? 'bg-red-50' : 'hover:bg-slate-50')}
          >
            <Td className={cn(FOLD.from.xl, 'whitespace-nowrap font-mono text-xs text-slate-600')}>
              <div>{product.sku}</div>
              {product.barcode ? <div title="Código de barras">{product.barcode}</div> : null}
            </Td>
            <Td>
              <div className="font-medium text-slate-900">{product.name}</div>
              {/* Narrower screens: the folded columns under the name. */}
              <div className={cn(FOLD.upTo.xl, 'mt-0.5 text-xs text-slate-600')}>
                <span className="font-mono">{product.sku}</span>
                {variantText(product) ? ` · ${variantText(product)}` : null}
                {product.barcode ? <span className="font-mono"> · {product.barcode}</span> : null}
              </div>
              <div className={cn(FOLD.upTo.sm, 'mt-1 text-xs')}>
                {product.cost_price === undefined ? null : (
                  <>
                    <span className="text-slate-600">Custo: {formatBRL(product.cost_price)}</span> ·{' '}
                  </>
                )}
                <span className="font-medium text-slate-900">Venda: {formatBRL(product.sale_price)}</span>
              </div>
              <div className={cn(FOLD.upTo.md, 'mt-1')}>
                <Badge tone={product.active ? 'green' : 'gray'}>{product.active ? 'Ativo' : 'Inativo'}</Badge>
              </div>
            </Td>
            <Td className={cn(FOLD.from.xl, 'whitespace-nowrap')}>{variantText(product)}</Td>
            <Td className={cn('whitespace-nowrap', low && 'font-semibold text-red-700')}>
              <button
                type="button"
                title="Movimentação de Estoque"
                aria-label={`Movimentação de Estoque de ${product.name}: ${product.current_stock} / ${product.minimum_stock}`}
                className="rounded underline decoration-dotted underline-offset-4 hover:bg-slate-100"
                onClick={() => onMovements(product)}
              >
                {product.current_stock} / {product.minimum_stock}
              </button>
            </Td>
            <Td className={cn(FOLD.from.sm, 'whitespace-nowrap')}>
              {product.cost_price === undefined ? null : (
                <div className="text-xs text-slate-600">Custo: {formatBRL(product.cost_price)}</div>
              )}
              <div className="font-medium text-slate-900">Venda: {formatBRL(product.sale_price)}</div>
            </Td>
            <Td className={FOLD.from.md}>
              <Badge tone={product.active ? 'green' : 'gray'}>{product.active ? 'Ativo' : 'Inativo'}</Badge>
            </Td>
            {canWrite ? <RowActionsCell row={product} onEdit={onEdit} onDelete={onDelete} /> : null}
          </tr>
        );
      }}
    </ListTable>
  );
}
