// The filter card: search, status, category, payment method and 'Limpar Filtros'.
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import { PAYABLE_PAYMENT_METHODS, PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { AccountFilterCard } from '../../components/accounts/filter-card';
import { Button } from '../../components/button';
import { ChoiceField } from '../../components/choice-field';
import type { PayableFilters as Filters } from './api';

interface PayableFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

export function PayableFilters({ filters, onChange, onClear }: PayableFiltersProps) {
  return (
    <AccountFilterCard
      columns="sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      filters={filters}
      onChange={onChange}
      search={{ placeholder: 'Buscar por fornecedor ou descrição...', label: 'Buscar contas a pagar' }}
      statusLabels={PAYABLE_STATUS_LABELS}
    >
      {({ choice }) => (
        <>
          <ChoiceField label="Categoria" {...choice('category')} choices={PAYABLE_CATEGORIES} />
          <ChoiceField
            label="Forma de Pagamento"
            {...choice('payment_method')}
            choices={PAYABLE_PAYMENT_METHODS}
            labels={PAYMENT_METHOD_LABELS}
          />
          <Button variant="outline" onClick={onClear}>
            Limpar Filtros
          </Button>
        </>
      )}
    </AccountFilterCard>
  );
}
