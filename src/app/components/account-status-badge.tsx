// The status of a payable or receivable (spec §4): red overdue, green paid, gray
// cancelled, blue pending. Labels differ ('Vencido' / 'Atrasado'): the caller passes them.
import { ACCOUNT_STATUSES, type AccountStatus } from '../../shared/contract/accounts';
import { Badge } from './badge';
import { ChoiceField } from './choice-field';

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
    <ChoiceField
      label="Status"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      first={{ value: 'all', label: 'Todos' }}
      choices={ACCOUNT_STATUSES}
      labels={labels}
    />
  );
}
