// One conflict: what kind, which sale, who sold it on which device and when, what
// differs, and the review (a button while open; who and when once reviewed).
import { SALE_CONFLICT_KIND_LABELS, type SaleConflict } from '../../../shared/contract/sale-conflicts';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { deviceText, differences, formatDateTime, saleNumber } from './conflict-format';

const TONE = {
  stock: 'red',
  price: 'yellow',
  clock: 'blue',
  discount: 'yellow',
  return_limit: 'yellow',
  store_credit: 'red',
  credit: 'red',
  store_credit_payout: 'red',
  cash_session: 'yellow',
  return_period: 'yellow',
  cancel_reason: 'yellow',
} as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  );
}

export function ConflictCard({
  conflict,
  onReview,
  reviewing,
}: {
  conflict: SaleConflict;
  onReview: (id: string) => void;
  reviewing: boolean;
}) {
  const c = conflict;
  return (
    <Card className="p-4">
      <article aria-label={`${SALE_CONFLICT_KIND_LABELS[c.kind]} na venda ${saleNumber(c.sale_id)}`}>
        <header className="flex flex-wrap items-center gap-2">
          <Badge tone={TONE[c.kind]}>{SALE_CONFLICT_KIND_LABELS[c.kind]}</Badge>
          <span className="font-mono text-sm font-semibold text-slate-900">Venda {saleNumber(c.sale_id)}</span>
          <span className="text-sm text-slate-600">{formatBRL(c.sale_total)}</span>
          {c.sale_status === 'cancelled' ? <Badge>Cancelada</Badge> : null}
          {c.offline ? <Badge tone="gray">Feita offline</Badge> : null}
        </header>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {differences(c).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 xl:grid-cols-4">
          <Fact label="Vendido por" value={c.sold_by ?? 'Não informado'} />
          <Fact label="Dispositivo" value={deviceText(c)} />
          <Fact label="Cliente" value={c.customer_name} />
          <Fact label="Data da venda" value={formatDateTime(c.sold_at)} />
        </dl>
        <footer className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          {c.reviewed_at ? (
            <p className="text-sm text-slate-600">
              Revisado por {c.reviewed_by ?? 'administrador'} em {formatDateTime(c.reviewed_at)}
            </p>
          ) : (
            <>
              <p className="text-xs text-slate-500">Recebida pelo servidor em {formatDateTime(c.received_at)}</p>
              <Button size="sm" variant="outline" disabled={reviewing} onClick={() => onReview(c.id)}>
                Marcar como revisado
              </Button>
            </>
          )}
        </footer>
      </article>
    </Card>
  );
}
