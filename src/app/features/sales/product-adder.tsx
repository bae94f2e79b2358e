// 'Adicionar Produto': search the mirror by code or name, choose, set the quantity, add.
// The stock shown and checked is the till's: server stock minus sales not yet delivered.
// While the mirror cannot be searched yet (`loading`), the card says 'Carregando...' and
// 'Adicionar' waits.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { formatBRL, toCentavos } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { QuantityField } from '../../components/quantity-input';
import { PlusIcon } from '../../components/icons';
import { InlineLoading } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import type { MirrorProduct } from '../../offline/db';
import { addToCart, parseQuantity, type CartLine } from './cart';
import { SearchCombobox, type SearchLoading } from '../../components/search-combobox';

interface ProductAdderProps {
  loading: SearchLoading | null;
  search: (query: string) => MirrorProduct[];
  availableOf: (product: Pick<MirrorProduct, 'id' | 'current_stock'>) => number;
  lines: CartLine[];
  onLinesChange: (lines: CartLine[]) => void;
}

/** Red toast for a refused cart change, titled by its cause. */
export function cartErrorToast(error: string) {
  toastError(error.includes('disponíveis') ? 'Estoque insuficiente' : 'Atenção', error);
}

export function ProductAdder({ loading, search, availableOf, lines, onLinesChange }: ProductAdderProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<MirrorProduct | null>(null);
  const [quantity, setQuantity] = useState('1');
  const searchRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const results = useMemo(() => (selected ? [] : search(query)), [search, query, selected]);

  function add(event: FormEvent) {
    event.preventDefault();
    const product = selected
      ? { id: selected.id, name: selected.name, sku: selected.sku, sale_price: toCentavos(selected.sale_price) }
      : null;
    const amount = parseQuantity(quantity);
    const result = addToCart(lines, product, amount, selected ? availableOf(selected) : 0);
    if (!result.ok) {
      cartErrorToast(result.error);
      return;
    }
    onLinesChange(result.lines);
    toast({ title: 'Produto adicionado', description: `${amount}x ${selected!.name}` });
    setSelected(null);
    setQuery('');
    setQuantity('1');
    searchRef.current?.focus();
  }

  return (
    <Card>
      <CardHeader title="Adicionar Produto" actions={loading ? <InlineLoading /> : null} />
      {/* Laid out by the card's own width: the search keeps its room on a tablet beside the summary. */}
      <CardContent className="@container">
        <form
          onSubmit={add}
          noValidate
          className="flex flex-col gap-3 @xl:flex-row @xl:items-end"
          aria-label="Adicionar Produto"
        >
          <div className="min-w-0 flex-1">
            <SearchCombobox
              label="Buscar produto"
              placeholder="Buscar produto por código ou nome..."
              value={query}
              inputRef={searchRef}
              loading={loading}
              onChange={(value) => {
                setQuery(value);
                setSelected(null);
              }}
              results={results}
              getKey={(p) => p.id}
              emptyText="Nenhum produto encontrado"
              onSelect={(p) => {
                setSelected(p);
                setQuery(p.name);
                quantityRef.current?.focus();
              }}
              renderOption={(p) => (
                <div className="flex items-center justify-between gap-3">
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{p.name}</span>
                    <span className="text-xs text-slate-500">
                      SKU: {p.sku}
                      {p.size || p.color ? ` · ${[p.size, p.color].filter(Boolean).join(' / ')}` : ''} · Estoque:{' '}
                      {availableOf(p)}
                    </span>
                  </div>
                  <span className="shrink-0 font-medium">{formatBRL(toCentavos(p.sale_price))}</span>
                </div>
              )}
            />
          </div>
          <div className="flex items-end gap-3">
            <QuantityField
              ref={quantityRef}
              label="Quantidade"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
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
