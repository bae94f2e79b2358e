// A line at Nova Venda while notes this till issued in offline contingency wait on the
// device (counter/contingency-sale.ts): how many, and how long before the oldest must reach
// SEFAZ (the store's deadline). From CONTINGENCY_WARNING_HOURS before it, a warning: the
// till must get a connection, since only it holds those notes. Nothing when none waits.
import { contingencyDeadline, deadlineText, hoursLeft } from '../../../shared/fiscal/contingency-deadline';
import { useQueuedContingencyNotes } from '../../counter/sale-hooks';

/** From this many hours before the deadline the line warns. */
export const CONTINGENCY_WARNING_HOURS = 6;

export function contingencyQueueText(count: number, deadline: Date, now: Date): string {
  const late = deadline.getTime() < now.getTime();
  const when = deadlineText(deadline, now);
  const oldest = count === 1 ? when : `a mais antiga ${late ? `com ${when}` : when}`;
  const waiting =
    count === 1
      ? `Contingência: 1 nota emitida neste caixa aguarda envio à SEFAZ (${oldest}).`
      : `Contingência: ${count} notas emitidas neste caixa aguardam envio à SEFAZ (${oldest}).`;
  if (late) return `${waiting} Conecte o caixa à internet e avise o administrador.`;
  if (hoursLeft(deadline, now) < CONTINGENCY_WARNING_HOURS)
    return `${waiting} Conecte o caixa à internet para ${count === 1 ? 'enviá-la' : 'enviá-las'} antes do prazo.`;
  return waiting;
}

export function ContingencyQueueNotice({ deadlineHours }: { deadlineHours: number }) {
  const queued = useQueuedContingencyNotes();
  if (!queued) return null;
  const now = new Date();
  const deadline = contingencyDeadline(queued.oldestIssuedAt, deadlineHours);
  const warn = hoursLeft(deadline, now) < CONTINGENCY_WARNING_HOURS;
  return (
    <p
      role={warn ? 'alert' : 'note'}
      data-testid="contingency-queue-notice"
      className={warn ? 'mb-4 text-xs font-medium text-amber-800' : 'mb-4 text-xs text-slate-600'}
    >
      {contingencyQueueText(queued.count, deadline, now)}
    </p>
  );
}
