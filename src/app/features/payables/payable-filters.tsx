// The filter card: search, status, category, payment method and 'Limpar Filtros'.
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import { PAYABLE_PAYMENT_METHODS, PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { SearchField } from '../../components/search-input';
import { AccountStatusSelect } from '../../components/account-status-badge';
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
        <SearchField
          caption="Buscar"
          className="sm:col-span-2 lg:col-span-1"
          value={filters.search}
          onChange={(value) => set('search', value)}
          placeholder="Buscar por fornecedor ou descrição..."
          label="Buscar contas a pagar"
        />
        <AccountStatusSelect
          value={filters.status}
          onChange={(value) => set('status', value)}
          labels={PAYABLE_STATUS_LABELS}
        />
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
