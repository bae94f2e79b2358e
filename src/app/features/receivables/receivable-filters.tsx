// Search (name or CPF of the customer), status and, for admins, the due-date range.
// Cashiers see today's accounts only (the server forces it) and are told so; where the
// store lets them receive instalments, a customer searched shows all of their accounts.
import { RECEIVABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { AccountFilterCard } from '../../components/accounts/filter-card';
import { DateRangeFields } from '../../components/date-input';
import type { ReceivableFilters as Filters } from './api';

interface ReceivableFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** admins choose the due-date range */
  chooseDates: boolean;
  /** a cashier who may receive instalments: a customer searched shows all of their accounts */
  receiving?: boolean;
}

export function ReceivableFilters({ filters, onChange, chooseDates, receiving = false }: ReceivableFiltersProps) {
  return (
    <AccountFilterCard
      columns="sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]"
      filters={filters}
      onChange={onChange}
      search={{ placeholder: 'Nome ou CPF do cliente', label: 'Buscar contas a receber' }}
      statusLabels={RECEIVABLE_STATUS_LABELS}
    >
      {({ set }) =>
        chooseDates ? (
          <DateRangeFields range={filters} onChange={set} />
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2 lg:self-center">
            {receiving
              ? 'Mostrando as contas com vencimento hoje. Busque o cliente para ver todas as parcelas dele.'
              : 'Mostrando as contas com vencimento hoje.'}
          </p>
        )
      }
    </AccountFilterCard>
  );
}
