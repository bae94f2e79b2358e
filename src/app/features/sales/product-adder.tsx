// 'Adicionar Produto': search the mirror by code or name, choose, set the quantity, add.
// The stock shown and checked is the till's: server stock minus sales not yet delivered.
// While the mirror cannot be searched yet (`loading`), the card says 'Carregando...' and
// 'Adicionar' waits. Choosing a product (Enter or a click) moves to Quantidade with its
// content selected, so the number typed replaces the 1 and Enter adds it. What is chosen
// lives in the sale's form state (use-sale-form.ts): an add refused for stock clears it,
// and so does the reset after a finished sale.
import { useMemo, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { QuantityField } from '../../components/quantity-input';
import { PlusIcon } from '../../components/icons';
import { InlineLoading } from '../../components/spinner';
import { toastError } from '../../components/toast-store';
import { toastItemAdded } from './item-added-toast';
import type { MirrorProduct } from '../../offline/db';
import { addToCart, parseQuantity, type CartLine, type CartRefusal } from './cart';
import { ProductSearch } from '../../components/record-search';
import type { SearchLoading } from '../../components/search-combobox';
import { EMPTY_PICK, type ProductPick } from './use-sale-form';

interface ProductAdderProps {
  loading: SearchLoading | null;
  search: (query: string) => MirrorProduct[];
  availableOf: (product: Pick<MirrorProduct, 'id' | 'current_stock'>) => number;
  lines: CartLine[];
  onLinesChange: (lines: CartLine[]) => void;
  pick: ProductPick;
  onPickChange: (pick: ProductPick) => void;
  /** The search field (the till moves the focus to it). */
  searchRef: RefObject<HTMLInputElement | null>;
  /** Beside the card's title: 'Ler código' where the device can read with its camera. */
  headerAction?: ReactNode;
}

/** Red toast for a refused cart change, titled by its cause. */
export function cartErrorToast(refusal: { error: string; cause: CartRefusal }) {
  toastError(refusal.cause === 'stock' ? 'Estoque insuficiente' : 'Atenção', refusal.error);
}

export function ProductAdder(props: ProductAdderProps) {
  const { loading, search, availableOf, lines, onLinesChange, pick, onPickChange, searchRef, headerAction } = props;
  const { query, product: selected, quantity } = pick;
  const quantityRef = useRef<HTMLInputElement>(null);
  const results = useMemo(() => (selected ? [] : search(query)), [search, query, selected]);

  function add(event: FormEvent) {
    event.preventDefault();
    const product = selected
      ? { id: selected.id, name: selected.name, sku: selected.sku, sale_price: selected.sale_price }
      : null;
    const amount = parseQuantity(quantity);
    const result = addToCart(lines, product, amount, selected ? availableOf(selected) : 0);
    if (!result.ok) {
      cartErrorToast(result);
      // Beyond stock: the product and its quantity go, and the search waits for the next one.
      if (result.cause === 'stock') {
        onPickChange(EMPTY_PICK);
        searchRef.current?.focus();
      }
      return;
    }
    onLinesChange(result.lines);
    toastItemAdded(amount, selected!.name);
    onPickChange(EMPTY_PICK);
    searchRef.current?.focus();
  }

  return (
    <Card>
      <CardHeader title="Adicionar Produto" actions={loading ? <InlineLoading /> : (headerAction ?? null)} />
      {/* Laid out by the card's own width: the search keeps its room on a tablet beside the summary. */}
      <CardContent className="@container">
        <form
          onSubmit={add}
          noValidate
          className="flex flex-col gap-3 @xl:flex-row @xl:items-end"
          aria-label="Adicionar Produto"
        >
          <div className="min-w-0 flex-1">
            <ProductSearch
              value={query}
              inputRef={searchRef}
              loading={loading}
              onChange={(value) => onPickChange({ ...pick, query: value, product: null })}
              results={results}
              onSelect={(p) => {
                onPickChange({ ...pick, query: p.name, product: p });
                // Quantidade selects its content on focus: typing replaces it.
                quantityRef.current?.focus();
              }}
              detail={(p) => (
                <>
                  {p.size || p.color ? ` · ${[p.size, p.color].filter(Boolean).join(' / ')}` : ''} · Estoque:{' '}
                  {availableOf(p)}
                </>
              )}
            />
          </div>
          <div className="flex items-end gap-3">
            <QuantityField
              ref={quantityRef}
              label="Quantidade"
              value={quantity}
              onChange={(event) => onPickChange({ ...pick, quantity: event.target.value })}
              className="w-28"
            />
            <Button type="submit" disabled={loading !== null} className="flex-1 @xl:flex-none">
              <PlusIcon className="h-4 w-4" />
              Adicionar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
