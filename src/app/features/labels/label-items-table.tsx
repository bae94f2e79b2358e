// The products chosen for labels, with how many labels each (typed; 0 prints none).
import { formatBRL } from '../../../shared/money';
import { variantText } from '../../../shared/product-variant';
import { QuantityInput } from '../../components/quantity-input';
import { TrashIcon } from '../../components/icons';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import type { LabelProduct } from './label-card';

export interface LabelItem {
  product: LabelProduct;
  /** As typed in 'Etiquetas' (a whole number, or what the person is still typing). */
  quantity: string;
}

const COLUMNS: readonly Column[] = [
  { label: 'Produto' },
  { label: 'Código', className: FOLD.from.sm },
  { label: 'Preço', className: FOLD.from.sm },
  { label: 'Etiquetas' },
  { label: <span className="sr-only">Remover</span> },
];

interface LabelItemsTableProps {
  items: LabelItem[];
  onQuantity: (productId: string, quantity: string) => void;
  onRemove: (productId: string) => void;
}

export function LabelItemsTable({ items, onQuantity, onRemove }: LabelItemsTableProps) {
  return (
    <ListTable
      label="Produtos das etiquetas"
      columns={COLUMNS}
      rows={items}
      emptyText="Nenhum produto escolhido. Busque um produto acima."
    >
      {({ product, quantity }) => (
        <tr key={product.id}>
          <Td>
            <div className="font-medium">{product.name}</div>
            <div className="text-xs text-slate-500">{variantText(product)}</div>
            <div className={`text-xs text-slate-500 ${FOLD.upTo.sm}`}>
              {product.code?.code ?? 'sem código'} · {formatBRL(product.sale_price)}
            </div>
          </Td>
          <Td className={`${FOLD.from.sm} font-mono text-xs`}>{product.code?.code ?? 'sem código'}</Td>
          <Td className={`${FOLD.from.sm} whitespace-nowrap`}>{formatBRL(product.sale_price)}</Td>
          <Td>
            <QuantityInput
              aria-label={`Etiquetas de ${product.name}`}
              value={quantity}
              onChange={(event) => onQuantity(product.id, event.target.value)}
              className="w-20"
            />
          </Td>
          <Td>
            <button
              type="button"
              aria-label={`Remover ${product.name}`}
              title="Remover"
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-red-600 hover:bg-slate-100"
              onClick={() => onRemove(product.id)}
            >
              <TrashIcon className="h-4 w-4" />
            </button>
          </Td>
        </tr>
      )}
    </ListTable>
  );
}
