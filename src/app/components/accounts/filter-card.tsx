// The filter card of an account list (Contas a Pagar, Contas a Receber): search and
// status first, then the list's own fields (`children`, given how to bind a field to a
// filter), laid out on one row from 1024 px.
import type { ReactNode } from 'react';
import { AccountStatusSelect } from '../account-status-badge';
import { Card } from '../card';
import { cn } from '../cn';
import { SearchField } from '../search-input';

export interface AccountFilters {
  search: string;
  status: string;
}

/** Binds fields to the card's filters: `set` one, or the props of a 'Todas'-first choice. */
export interface FilterBinding<F> {
  set: (key: keyof F, value: string) => void;
  choice: (key: keyof F & string) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    first: { value: string; label: string };
  };
}

interface AccountFilterCardProps<F extends AccountFilters> {
  /** The grid's columns from 640 px on ('sm:grid-cols-2 lg:grid-cols-[...]'). */
  columns: string;
  filters: F;
  onChange: (filters: F) => void;
  /** The search box: it spans the whole row below 1024 px, its first column from there. */
  search: { placeholder: string; label: string };
  statusLabels: Parameters<typeof AccountStatusSelect>[0]['labels'];
  children?: (bind: FilterBinding<F>) => ReactNode;
}

const ALL = { value: 'all', label: 'Todas' };

export function AccountFilterCard<F extends AccountFilters>(props: AccountFilterCardProps<F>) {
  const { columns, filters, onChange, search, statusLabels, children } = props;
  const set = (key: keyof F, value: string) => onChange({ ...filters, [key]: value });
  const choice = (key: keyof F & string) => ({
    value: String(filters[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    first: ALL,
  });
  return (
    <Card className="mb-6 p-4">
      <div className={cn('grid grid-cols-1 gap-3', columns, 'lg:items-end')}>
        <SearchField
          caption="Buscar"
          value={filters.search}
          onChange={(value) => set('search', value)}
          className="sm:col-span-full lg:col-span-1"
          {...search}
        />
        <AccountStatusSelect value={filters.status} onChange={(value) => set('status', value)} labels={statusLabels} />
        {children?.({ set, choice })}
      </div>
    </Card>
  );
}
