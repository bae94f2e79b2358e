// A sale's returns in its detail (Histórico de Vendas): when, what went back, how the
// customer was paid (and the vale-troca later given back in cash), whether it is flagged,
// and the admin who approved it over a cashier's limit ('Aprovada por <nome>').
import { REFUND_METHOD_LABELS } from '../../../shared/contract/returns';
import { formatBRL } from '../../../shared/money';
import { useSaleReturns } from './api';
import { saleWhen } from './history-format';

export function SaleReturnsList({ saleId }: { saleId: string }) {
  const returns = useSaleReturns(saleId).data ?? [];
  if (returns.length === 0) return null;
  return (
    <section className="mt-4" data-testid="sale-returns">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Devoluções</h3>
      <ul className="space-y-2">
        {returns.map((r) => (
          <li key={r.id} className="rounded-md border border-slate-200 px-3 py-2">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span>
                {saleWhen(r.returned_at)} · {REFUND_METHOD_LABELS[r.refund_method]}
              </span>
              <span className="tabular-nums">{formatBRL(r.amount)}</span>
            </p>
            <p className="break-words text-xs text-slate-600">
              {r.lines.map((l) => `${l.quantity} x ${l.product_name}${l.damaged ? ' (avariado)' : ''}`).join(', ')} ·{' '}
              {r.reason}
            </p>
            {r.installments > 0 ? (
              <p className="text-xs text-slate-600">Abatido das parcelas: {formatBRL(r.installments)}</p>
            ) : null}
            {r.cash_paid_out > 0 ? (
              <p className="text-xs text-slate-600">Vale-troca devolvido em dinheiro: {formatBRL(r.cash_paid_out)}</p>
            ) : null}
            {r.approved_by_name ? <p className="text-xs text-slate-700">Aprovada por {r.approved_by_name}</p> : null}
            {r.limit_conflict ? (
              <p className="text-xs text-amber-800">Acima do limite sem aprovação (em conflito)</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
