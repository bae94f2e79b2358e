// The 'Filtrar' panel of Produtos: status (Ativo/Inativo), stock (abaixo do mínimo, sem
// estoque) and fiscal data (sem NCM). The screen keeps the choice in the address (filter-products.ts).
import type { ChangeEvent } from 'react';
import { Button } from '../../components/button';
import { ChoiceField } from '../../components/choice-field';
import {
  NO_PRODUCT_FILTERS,
  PRODUCT_FISCAL_FILTERS,
  PRODUCT_STATUS_FILTERS,
  PRODUCT_STOCK_FILTERS,
  countProductFilters,
  type ProductFilters,
} from './filter-products';

export const PRODUCT_FILTERS_PANEL_ID = 'product-filters';

interface ProductFiltersPanelProps {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
}

export function ProductFiltersPanel({ filters, onChange }: ProductFiltersPanelProps) {
  // One filter's select: 'Todos' (no filter) and its choices; choosing 'Todos' clears it.
  const choice = <K extends keyof ProductFilters>(key: K, labels: Record<NonNullable<ProductFilters[K]>, string>) => ({
    value: filters[key] ?? '',
    onChange: (e: ChangeEvent<HTMLSelectElement>) => onChange({ ...filters, [key]: e.target.value || null }),
    first: { value: '', label: 'Todos' },
    choices: Object.keys(labels) as NonNullable<ProductFilters[K]>[],
    labels,
  });
  return (
    <div
      id={PRODUCT_FILTERS_PANEL_ID}
      role="group"
      aria-label="Filtros de produtos"
      className="grid grid-cols-1 gap-3 border-b border-slate-100 bg-slate-50 p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
    >
      <ChoiceField label="Status" {...choice('status', PRODUCT_STATUS_FILTERS)} />
      <ChoiceField label="Estoque" {...choice('stock', PRODUCT_STOCK_FILTERS)} />
      <ChoiceField label="Dados fiscais" {...choice('fiscal', PRODUCT_FISCAL_FILTERS)} />
      <Button
        variant="outline"
        disabled={countProductFilters(filters) === 0}
        onClick={() => onChange(NO_PRODUCT_FILTERS)}
      >
        Limpar Filtros
      </Button>
    </div>
  );
}
