// The two choices the admin makes by hand for a line: link it to an existing product
// (searched by name, SKU or barcode) or create a new product from it (name, SKU and sale
// price, proposed from the line and the store's markup).
import { useState, type FormEvent } from 'react';
import type { Product } from '../../../shared/contract/products';
import type { EntryProduct, NfePreviewLine } from '../../../shared/contract/stock-entries';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { TextField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { SearchInput } from '../../components/search-input';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useProductSearch } from './api';
import type { LineChoice, NewProductChoice } from './entry-choice';

const entryProductOf = (p: Product): EntryProduct => ({
  id: p.id,
  sku: p.sku,
  name: p.name,
  current_stock: p.current_stock,
  cost_price: p.cost_price ?? 0,
  sale_price: p.sale_price,
});

export function LinkProductDialog({
  line,
  onClose,
  onChoose,
}: {
  line: NfePreviewLine;
  onClose: () => void;
  onChoose: (product: EntryProduct) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const found = useProductSearch(debounced);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Vincular a um produto"
      description={`Item ${line.item_number}: ${line.description}`}
    >
      <SearchInput
        value={search}
        onChange={setSearch}
        placeholder="Buscar por nome, SKU ou código de barras..."
        label="Buscar produto"
      />
      <ul className="mt-3 max-h-72 divide-y divide-slate-100 overflow-y-auto" aria-label="Produtos encontrados">
        {(found.data ?? []).map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="flex w-full items-center justify-between gap-3 px-2 py-2 text-left hover:bg-slate-50"
              onClick={() => onChoose(entryProductOf(p))}
            >
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{p.name}</span>
                <span className="block text-xs text-slate-500">
                  {p.sku} · Estoque: {p.current_stock}
                </span>
              </span>
              <span className="shrink-0 text-sm text-slate-700">{formatBRL(p.sale_price)}</span>
            </button>
          </li>
        ))}
        {debounced.trim() && found.data?.length === 0 ? (
          <li className="px-2 py-3 text-sm text-slate-500">Nenhum produto encontrado</li>
        ) : null}
      </ul>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

export function NewProductDialog({
  line,
  initial,
  onClose,
  onSave,
}: {
  line: NfePreviewLine;
  initial: NewProductChoice;
  onClose: () => void;
  onSave: (choice: LineChoice) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [sku, setSku] = useState(initial.sku);
  const [price, setPrice] = useState<number | null>(initial.sale_price);
  const [tried, setTried] = useState(false);
  const errors = {
    name: name.trim() ? undefined : 'Nome do produto é obrigatório',
    sku: sku.trim() ? undefined : 'SKU é obrigatório',
    price: price === null ? 'Informe o preço de venda' : undefined,
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (errors.name || errors.sku || errors.price) return;
    onSave({ kind: 'new', name: name.trim(), sku: sku.trim(), sale_price: price! });
  }
  return (
    <Dialog open onClose={onClose} title="Criar produto" description={`Item ${line.item_number}: ${line.description}`}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          label="Nome do produto"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={tried ? errors.name : undefined}
          data-autofocus
        />
        <TextField
          label="SKU"
          value={sku}
          onChange={(e) => setSku(e.target.value)}
          error={tried ? errors.sku : undefined}
        />
        <p className="text-sm text-slate-600">
          Custo por unidade: {line.cost_per_unit === null ? '—' : formatBRL(line.cost_per_unit)}
        </p>
        <MoneyField
          label="Preço de venda"
          value={price}
          onChange={(c) => setPrice(c)}
          error={tried ? errors.price : undefined}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit">Salvar</Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
