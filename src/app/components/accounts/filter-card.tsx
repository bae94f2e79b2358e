// The filter card of an account list (Contas a Pagar, Contas a Receber): search and
// status first, then the list's own fields (`children`), laid out on one row from 1024 px.
import type { ReactNode } from 'react';
import { AccountStatusSelect } from '../account-status-badge';
import { Card } from '../card';
import { cn } from '../cn';
import { SearchField } from '../search-input';

interface AccountFilterCardProps {
  /** The grid's columns from 640 px on ('sm:grid-cols-2 lg:grid-cols-[...]'). */
  columns: string;
  search: { value: string; onChange: (value: string) => void; placeholder: string; label: string; className: string };
  status: {
    value: string;
    onChange: (value: string) => void;
    labels: Parameters<typeof AccountStatusSelect>[0]['labels'];
  };
  children?: ReactNode;
}

export function AccountFilterCard({ columns, search, status, children }: AccountFilterCardProps) {
  return (
    <Card className="mb-6 p-4">
      <div className={cn('grid grid-cols-1 gap-3', columns, 'lg:items-end')}>
        <SearchField caption="Buscar" {...search} />
        <AccountStatusSelect {...status} />
        {children}
      </div>
    </Card>
  );
}
