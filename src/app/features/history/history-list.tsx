// The history's rows, as cards that fit a phone: number, date and time, customer, items,
// total, payment (or the parts of a split) and status. This till's sales still in the
// outbox come first, marked 'Aguardando envio'; a sale whose cancel is queued says so.
import type { Sale } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import type { LocalSale } from '../../offline/db';
import { itemsText, methodLabel, OUTBOX_LABEL, paymentText, saleWhen, STATUS_LABELS } from './history-format';

function Row({
  number,
  when,
  customer,
  items,
  total,
  payment,
  badge,
  onOpen,
}: {
  number: string;
  when: string;
  customer: string;
  items: string;
  total: number;
  payment: string;
  badge: { text: string; tone: 'green' | 'red' | 'yellow' | 'gray' };
  onOpen?: () => void;
}) {
  const body = (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        {/* Read as 'Venda #A-0001 …': the name a screen reader gives is the text shown. */}
        <span className="font-mono font-semibold text-slate-900">
          <span className="sr-only">Venda </span>#{number}
        </span>
        <Badge tone={badge.tone}>{badge.text}</Badge>
      </span>
      <span className="flex flex-wrap justify-between gap-x-3 text-slate-600">
        <span>{when}</span>
        <span className="font-semibold tabular-nums text-slate-900">{formatBRL(total)}</span>
      </span>
      <span className="break-words text-slate-800">{customer}</span>
      <span className="break-words text-xs text-slate-500">
        {items} · {payment}
      </span>
    </>
  );
  const className = 'flex w-full min-w-0 flex-col gap-1 px-4 py-3 text-left text-sm';
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      {onOpen ? (
        <button type="button" className={`${className} hover:bg-slate-50`} onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

export function HistoryList({
  sales,
  outbox,
  queuedCancels,
  onOpen,
}: {
  sales: Sale[];
  outbox: LocalSale[];
  queuedCancels: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}) {
  const delivered = new Set(sales.map((s) => s.id));
  const waiting = outbox.filter((s) => !delivered.has(s.id));
  return (
    <ul className="rounded-lg border border-slate-200 bg-white" aria-label="Vendas">
      {waiting.map((s) => (
        <Row
          key={s.id}
          number={s.number ?? '-'}
          when={saleWhen(s.createdAt)}
          customer={s.customerName}
          items={itemsText(s.items.map((i) => i.quantity))}
          total={s.totalCentavos}
          payment={
            s.parts && s.parts.length > 1
              ? s.parts.map((p) => methodLabel(p.method)).join(' + ')
              : methodLabel(s.paymentMethod)
          }
          badge={{
            text: s.state === 'rejected' ? 'Recusada' : OUTBOX_LABEL,
            tone: s.state === 'rejected' ? 'red' : 'yellow',
          }}
        />
      ))}
      {sales.map((s) => {
        const cancelling = s.sale_status !== 'cancelled' && queuedCancels.has(s.id);
        return (
          <Row
            key={s.id}
            number={s.number}
            when={saleWhen(s.sold_at)}
            customer={s.customer_name}
            items={itemsText(s.items.map((i) => i.quantity))}
            total={s.total}
            payment={paymentText(s)}
            badge={
              cancelling
                ? { text: 'Cancelamento aguardando envio', tone: 'yellow' }
                : { text: STATUS_LABELS[s.sale_status], tone: s.sale_status === 'cancelled' ? 'red' : 'green' }
            }
            onOpen={() => onOpen(s.id)}
          />
        );
      })}
      {waiting.length === 0 && sales.length === 0 ? (
        <li className="px-4 py-6 text-center text-sm text-slate-600">Nenhuma venda encontrada</li>
      ) : null}
    </ul>
  );
}
