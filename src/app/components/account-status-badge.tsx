// The status of a payable or receivable (spec §4): red overdue, green paid, gray
// cancelled, blue pending. Labels differ ('Vencido' / 'Atrasado'): the caller passes them.
import type { AccountStatus } from '../../shared/contract/accounts';
import { Badge } from './badge';

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
