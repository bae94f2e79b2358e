// A line at Nova Venda about this till's contingency key (counter/till-key.ts), beside the
// NFC-e notice: until when the certificate lets the till emit offline; from 30 days before
// it expires, a warning; once expired, that the till no longer emits in contingency (an
// expired key is never used). Nothing when the till holds no key.
import { formatDate } from '../../../shared/dates';
import { CERTIFICATE_WARNING_DAYS, certificateDaysLeft } from '../../../shared/fiscal/a1-validity';
import { useTillKey } from '../../counter/till-key';

export const tillKeyText = (notAfter: string, daysLeft: number, isAdmin: boolean): string => {
  const date = formatDate(notAfter);
  const action = isAdmin ? 'Importe o novo certificado em Configurações > Fiscal.' : 'Avise o administrador.';
  if (daysLeft < 0) return `Contingência desligada: o certificado deste caixa venceu em ${date}. ${action}`;
  if (daysLeft <= CERTIFICATE_WARNING_DAYS)
    return `Contingência: o certificado deste caixa vence em ${date}. ${action}`;
  return `Contingência off-line: certificado deste caixa válido até ${date}.`;
};

export function TillKeyNotice({ isAdmin }: { isAdmin: boolean }) {
  const held = useTillKey();
  if (!held) return null;
  const daysLeft = certificateDaysLeft(new Date(held.notAfter), new Date());
  const warn = daysLeft <= CERTIFICATE_WARNING_DAYS;
  return (
    <p
      role={warn ? 'alert' : 'note'}
      data-testid="till-key-notice"
      className={warn ? 'mb-4 text-xs font-medium text-amber-800' : 'mb-4 text-xs text-slate-600'}
    >
      {tillKeyText(held.notAfter, daysLeft, isAdmin)}
    </p>
  );
}
