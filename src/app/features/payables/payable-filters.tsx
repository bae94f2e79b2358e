// The filter card: search, status, category, payment method and 'Limpar Filtros'.
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import { PAYABLE_PAYMENT_METHODS, PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { ChoiceField } from '../../components/choice-field';
import { AccountFilterCard } from '../../components/accounts/filter-card';
import { Button } from '../../components/button';
import type { PayableFilters as Filters } from './api';

interface PayableFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

const ALL = { value: 'all', label: 'Todas' };

export function PayableFilters({ filters, onChange, onClear }: PayableFiltersProps) {
  const set = (key: keyof Filters, value: string) => onChange({ ...filters, [key]: value });
  return (
    <AccountFilterCard
      columns="sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      search={{
        value: filters.search,
        onChange: (value) => set('search', value),
        placeholder: 'Buscar por fornecedor ou descrição...',
        label: 'Buscar contas a pagar',
        className: 'sm:col-span-2 lg:col-span-1',
      }}
      status={{ value: filters.status, onChange: (value) => set('status', value), labels: PAYABLE_STATUS_LABELS }}
    >
      <ChoiceField
        label="Categoria"
        value={filters.category}
        onChange={(e) => set('category', e.target.value)}
        first={ALL}
        choices={PAYABLE_CATEGORIES}
      />
      <ChoiceField
        label="Forma de Pagamento"
        value={filters.payment_method}
        onChange={(e) => set('payment_method', e.target.value)}
        first={ALL}
        choices={PAYABLE_PAYMENT_METHODS}
        labels={PAYMENT_METHOD_LABELS}
      />
      <Button variant="outline" onClick={onClear}>
        Limpar Filtros
      </Button>
    </AccountFilterCard>
  );
}
