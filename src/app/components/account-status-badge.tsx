// The status of a payable or receivable (spec §4): red overdue, green paid, gray
// cancelled, blue pending. Labels differ ('Vencido' / 'Atrasado'): the caller passes them.
import { ACCOUNT_STATUSES, type AccountStatus } from '../../shared/contract/accounts';
import { Badge } from './badge';
import { SelectField } from './field';

const TONES = { overdue: 'red', paid: 'green', cancelled: 'gray', pending: 'blue' } as const;

export function AccountStatusBadge({
  status,
  labels,
}: {
  status: AccountStatus;
  labels: Readonly<Record<AccountStatus, string>>;
}) {
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap">
      {labels[status]}
    </Badge>
  );
}

/** The 'Status' filter of an account list: 'Todos' or one status, in the list's own words. */
export function AccountStatusSelect({
  value,
  onChange,
  labels,
}: {
  value: string;
  onChange: (value: string) => void;
  labels: Readonly<Record<AccountStatus, string>>;
}) {
  return (
    <SelectField label="Status" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="all">Todos</option>
      {ACCOUNT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {labels[status]}
        </option>
      ))}
    </SelectField>
  );
}
