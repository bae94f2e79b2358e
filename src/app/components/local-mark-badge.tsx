// A finance row changed on this device: not yet on the server, or refused by it.
import type { LocalMark } from '../lib/accounts/common';
import { Badge } from './badge';

export function LocalMarkBadge({ local }: { local: LocalMark | undefined }) {
  if (local === 'pending') {
    return (
      <Badge tone="yellow" className="whitespace-nowrap">
        Não sincronizado
      </Badge>
    );
  }
  if (local === 'rejected') {
    return (
      <Badge tone="red" className="whitespace-nowrap">
        Recusado pelo servidor
      </Badge>
    );
  }
  return null;
}
