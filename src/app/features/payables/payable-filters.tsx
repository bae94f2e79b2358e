// The filter card: search, status, category, payment method and 'Limpar Filtros'.
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import { ACCOUNT_STATUSES, PAYABLE_PAYMENT_METHODS, PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { SearchInput } from '../../components/search-input';
import type { PayableFilters as Filters } from './api';

interface PayableFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

export function PayableFilters({ filters, onChange, onClear }: PayableFiltersProps) {
  const set = (key: keyof Filters, value: string) => onChange({ ...filters, [key]: value });
  return (
    <Card className="mb-6 p-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <span className="text-sm font-medium text-slate-700" aria-hidden="true">
            Buscar
          </span>
          <SearchInput
            value={filters.search}
            onChange={(value) => set('search', value)}
            placeholder="Buscar por fornecedor ou descrição..."
            label="Buscar contas a pagar"
          />
        </div>
        <SelectField label="Status" value={filters.status} onChange={(e) => set('status', e.target.value)}>
          <option value="all">Todos</option>
          {ACCOUNT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAYABLE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Categoria" value={filters.category} onChange={(e) => set('category', e.target.value)}>
          <option value="all">Todas</option>
          {PAYABLE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Forma de Pagamento"
          value={filters.payment_method}
          onChange={(e) => set('payment_method', e.target.value)}
        >
          <option value="all">Todas</option>
          {PAYABLE_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <Button variant="outline" onClick={onClear}>
          Limpar Filtros
        </Button>
      </div>
    </Card>
  );
}
