// A certificate's validity as a badge: 'Válido até 10/01/2027' (yellow in its last 30 days),
// 'Venceu em 10/01/2027' in red.
import { formatDate } from '../../../shared/dates';
import { CERTIFICATE_WARNING_DAYS, certificateDaysLeft } from '../../../shared/fiscal/a1-validity';
import { Badge } from '../../components/badge';

export function ValidityBadge({ notAfter, now = Date.now() }: { notAfter: string; now?: number }) {
  const days = certificateDaysLeft(new Date(notAfter), new Date(now));
  const date = formatDate(notAfter);
  if (days < 0) return <Badge tone="red">Venceu em {date}</Badge>;
  return <Badge tone={days <= CERTIFICATE_WARNING_DAYS ? 'yellow' : 'green'}>Válido até {date}</Badge>;
}
