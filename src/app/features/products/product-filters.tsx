// The 'Filtrar' panel of Produtos: status (Ativo/Inativo) and stock (abaixo do mínimo, sem
// estoque). The screen keeps the choice in the address (filter-products.ts).
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import {
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
  return (
    <div
      id={PRODUCT_FILTERS_PANEL_ID}
      role="group"
      aria-label="Filtros de produtos"
      className="grid grid-cols-1 gap-3 border-b border-slate-100 bg-slate-50 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(e) => onChange({ ...filters, status: (e.target.value || null) as ProductFilters['status'] })}
      >
        <option value="">Todos</option>
        {Object.entries(PRODUCT_STATUS_FILTERS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Estoque"
        value={filters.stock ?? ''}
        onChange={(e) => onChange({ ...filters, stock: (e.target.value || null) as ProductFilters['stock'] })}
      >
        <option value="">Todos</option>
        {Object.entries(PRODUCT_STOCK_FILTERS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Button
        variant="outline"
        disabled={countProductFilters(filters) === 0}
        onClick={() => onChange({ status: null, stock: null })}
      >
        Limpar Filtros
      </Button>
    </div>
  );
}
