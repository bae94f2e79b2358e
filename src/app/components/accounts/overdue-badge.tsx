// The header badge of an account list: how many of its accounts are overdue, if any.
import { Badge } from '../badge';

export function OverdueBadge({ count = 0 }: { count?: number }) {
  return count > 0 ? <Badge tone="red">{`${count} conta(s) vencida(s)`}</Badge> : null;
}
