// One sale in full: lines with discounts, each payment with its change, the crediário plan
// with which instalments are paid, its caixa, its returns, its conflicts, who made it and, when
// cancelled, why and by whom. `actions` is the row of buttons under it (cancel here;
// 'Imprimir recibo' and 'Trocas e Devoluções' go there too).
import type { ReactNode } from 'react';
import type { SaleDetail } from '../../../shared/contract/sale-history';
import { changeOf } from '../../../shared/contract/payments';
import { tillName } from '../../../shared/till-name';
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { nameWithVariant } from '../../../shared/product-variant';
import { Badge } from '../../components/badge';
import { DetailList } from '../../components/detail-list';
import { methodLabel, saleWhen, STATUS_LABELS } from './history-format';
import { SALE_CONFLICT_KIND_LABELS } from '../../../shared/contract/sale-conflicts';
import { SaleReturnsList } from './sale-returns-list';

const INSTALLMENT_LABELS = { pending: 'Em aberto', paid: 'Paga', cancelled: 'Cancelada' } as const;
/** A cancel kept without a reason (one a device's outbox delivered without it; or older). */
export const CANCELLED_WITHOUT_REASON = 'Não informado: o cancelamento chegou sem motivo';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

export function SaleDetailView({ sale, actions }: { sale: SaleDetail; actions?: ReactNode }) {
  const cancelled = sale.sale_status === 'cancelled';
  return (
    <div className="min-w-0 text-sm" data-testid="sale-detail">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="font-mono text-base font-semibold">#{sale.number}</span>
        <Badge tone={cancelled ? 'red' : 'green'}>{STATUS_LABELS[sale.sale_status]}</Badge>
      </div>
      <DetailList
        items={[
          ['Data', saleWhen(sale.sold_at)],
          ['Cliente', sale.customer_name],
          ['Caixa (pessoa)', sale.cashier_name ?? '-'],
          [
            'Dispositivo',
            tillName({ name: sale.device_name, code: sale.device_code, label: sale.device_label }) ?? '-',
          ],
          [
            'Caixa',
            sale.cash_session
              ? `Aberto em ${saleWhen(sale.cash_session.opened_at)}${sale.cash_session.status === 'closed' ? ' (fechado)' : ''}`
              : 'Sem caixa',
          ],
          ...(cancelled
            ? ([
                [
                  'Cancelada em',
                  `${sale.cancelled_at ? saleWhen(sale.cancelled_at) : ''} ${sale.cancelled_by_name ?? ''}`,
                ],
                [
                  'Motivo',
                  sale.cancel_reason ?? (
                    <span className="font-medium text-amber-800">{CANCELLED_WITHOUT_REASON}</span>
                  ),
                ],
              ] as const)
            : []),
        ]}
      />
      <Section title="Itens">
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {sale.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
              <span className="min-w-0 break-words">
                {item.quantity} x{' '}
                {nameWithVariant(item.product_name, { size: item.product_size, color: item.product_color })}{' '}
                <span className="text-slate-500">({formatBRL(item.unit_price)})</span>
                {item.discount > 0 ? (
                  <span className="block text-xs text-slate-500">Desconto {formatBRL(item.discount)}</span>
                ) : null}
              </span>
              <span className="tabular-nums">{formatBRL(item.total_price)}</span>
            </li>
          ))}
        </ul>
        {sale.discount > 0 ? (
          <p className="mt-1 text-slate-600">Desconto na venda: {formatBRL(sale.discount)}</p>
        ) : null}
        <p className="mt-2 flex justify-between font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatBRL(sale.total)}</span>
        </p>
      </Section>
      <Section title="Pagamento">
        <ul className="space-y-1">
          {sale.payments.map((part, i) => {
            const change = changeOf(part);
            return (
              <li key={i} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {methodLabel(part.method)}
                  {sale.payment_method === 'crediario' ? ' (entrada)' : ''}
                  {part.received !== null ? ` · recebido ${formatBRL(part.received)}` : ''}
                  {change ? ` · troco ${formatBRL(change)}` : ''}
                </span>
                <span className="tabular-nums">{formatBRL(part.amount)}</span>
              </li>
            );
          })}
          {sale.payments.length === 0 ? <li>{methodLabel(sale.payment_method)}</li> : null}
          {sale.store_credit_balance_after != null ? (
            <li className="flex flex-wrap justify-between gap-x-3 text-slate-600">
              <span>Saldo do vale-troca após a venda</span>
              <span className="tabular-nums">{formatBRL(sale.store_credit_balance_after)}</span>
            </li>
          ) : null}
        </ul>
      </Section>
      {sale.installments.length > 0 ? (
        <Section title={`Crediário (${sale.installments.length} parcelas)`}>
          <ul className="space-y-1">
            {sale.installments.map((inst) => (
              <li key={inst.id} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {inst.number}/{sale.installments.length} · vence {formatDate(inst.due_date)} ·{' '}
                  {INSTALLMENT_LABELS[inst.status]}
                  {inst.payment_date ? ` em ${formatDate(inst.payment_date)}` : ''}
                </span>
                <span className="tabular-nums">{formatBRL(inst.amount)}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <SaleReturnsList saleId={sale.id} />
      {sale.conflicts.length > 0 ? (
        <Section title="Conflitos">
          <p>
            {sale.conflicts
              .map((c) => `${SALE_CONFLICT_KIND_LABELS[c.kind]}${c.reviewed_at ? ' (revisado)' : ' (em aberto)'}`)
              .join(', ')}
          </p>
        </Section>
      ) : null}
      {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
