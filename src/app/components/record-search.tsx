// The mirror's searches that several screens share, each with its words and its option:
// a product (Nova Venda, Etiquetas: name, 'SKU: …' and what the screen adds, the price)
// and a customer (Nova Venda, Contas a Receber: name, and what the screen tells of them).
import type { ReactNode } from 'react';
import { formatBRL } from '../../shared/money';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

type Preset = 'placeholder' | 'getKey' | 'emptyText' | 'renderOption';

interface SearchedProduct {
  id: string;
  name: string;
  sku: string;
  /** centavos */
  sale_price: number;
}

export function ProductSearch<T extends SearchedProduct>({
  detail,
  ...props
}: Omit<SearchComboboxProps<T>, Preset | 'label'> & { detail: (product: T) => ReactNode }) {
  return (
    <SearchCombobox
      label="Buscar produto"
      placeholder="Buscar produto por código ou nome..."
      getKey={(p) => p.id}
      emptyText="Nenhum produto encontrado"
      renderOption={(p) => (
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{p.name}</span>
            <span className="text-xs text-slate-500">
              SKU: {p.sku}
              {detail(p)}
            </span>
          </div>
          <span className="shrink-0 font-medium">{formatBRL(p.sale_price)}</span>
        </div>
      )}
      {...props}
    />
  );
}

/** `detail`: the line under the name ('-' when it is empty). */
export function CustomerSearch<T extends { id: string; name: string }>({
  detail,
  ...props
}: Omit<SearchComboboxProps<T>, Preset> & { detail: (customer: T) => string }) {
  return (
    <SearchCombobox
      placeholder="Buscar cliente por nome ou CPF..."
      getKey={(c) => c.id}
      emptyText="Nenhum cliente encontrado"
      renderOption={(c) => (
        <div className="flex flex-col">
          <span className="font-medium">{c.name}</span>
          <span className="text-xs text-slate-500">{detail(c) || '-'}</span>
        </div>
      )}
      {...props}
    />
  );
}
