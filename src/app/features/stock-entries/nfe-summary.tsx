// The note's header as the preview read it (supplier, number and series, date, key,
// total, and the cost its goods enter stock at), what the admin should know, and the
// bills it will create.
import type { NfePreview, StockEntryResult } from '../../../shared/contract/stock-entries';
import { formatDate } from '../../../shared/dates';
import { formatDocument } from '../../../shared/documents';
import { formatBRL } from '../../../shared/money';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import { LABELS_PATH } from '../../lib/label-request';

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`break-all text-sm text-slate-900 ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}

const PLAN_COLUMNS: readonly Column[] = [
  { label: 'Descrição' },
  { label: 'Vencimento', className: FOLD.from.sm },
  { label: 'Valor' },
];

const RESULT_COLUMNS: readonly Column[] = [
  { label: 'Produto' },
  { label: 'Entrada', className: FOLD.from.sm },
  { label: 'Estoque' },
  { label: 'Custo', className: FOLD.from.sm },
];

export function NfeSummary({ preview }: { preview: NfePreview }) {
  return (
    <Card>
      <CardHeader title={`NF-e ${preview.number}/${preview.series}`} description={preview.supplier.name} />
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
          <Fact label="Fornecedor" value={preview.supplier.name} />
          <Fact label="CNPJ" value={formatDocument(preview.supplier.document)} />
          <Fact label="Número / Série" value={`${preview.number} / ${preview.series}`} />
          <Fact label="Emissão" value={formatDate(preview.issued_at)} />
          <Fact label="Total da nota" value={formatBRL(preview.total)} />
          <Fact label="Custo das mercadorias" value={formatBRL(preview.cost_total)} />
          <Fact label="Chave de acesso" value={preview.access_key} mono />
        </dl>
        {preview.warnings.length ? (
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-yellow-800">
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** When a bill is due ('Vence' before the day when folded), 'Paga em' its day when paid, 'A definir' while not said. */
function dueText(p: { due_date: string | null; payment_date?: string | null }, paid: boolean, folded = false): string {
  const paidOn = p.payment_date ?? (paid ? p.due_date : null);
  if (paidOn) return `Paga em ${formatDate(paidOn)}`;
  if (paid) return 'Paga hoje';
  if (!p.due_date) return 'A definir';
  return `${folded ? 'Vence ' : ''}${formatDate(p.due_date)}`;
}

export function PayablesPlan({
  payables,
  paid = false,
}: {
  payables: NfePreview['payables'] | StockEntryResult['payables'];
  /** The admin says the note's one bill is already paid. */
  paid?: boolean;
}) {
  return (
    <ListTable label="Contas a pagar da NF-e" columns={PLAN_COLUMNS} rows={payables}>
      {(p) => (
        <tr key={`${p.description}-${p.due_date}`}>
          <Td>
            {p.description}
            <div className={`text-xs text-slate-500 ${FOLD.upTo.sm}`}>{dueText(p, paid, true)}</div>
          </Td>
          <Td className={FOLD.from.sm}>{dueText(p, paid)}</Td>
          <Td className="whitespace-nowrap">{formatBRL(p.amount)}</Td>
        </tr>
      )}
    </ListTable>
  );
}

export function EntryResult({ result }: { result: StockEntryResult }) {
  const navigate = useNavigate();
  // One label per unit that came in.
  const labels = result.products.map((p) => ({ product_id: p.id, quantity: Math.max(0, p.units_in) }));
  return (
    <Card>
      <CardHeader
        title="Entrada lançada"
        description={`NF-e ${result.entry.number}/${result.entry.series} · ${result.entry.supplier_name}`}
        actions={
          <Button variant="outline" size="sm" onClick={() => void navigate(LABELS_PATH, { state: { labels } })}>
            Imprimir etiquetas
          </Button>
        }
      />
      <CardContent className="space-y-4">
        <ListTable label="Produtos da entrada" columns={RESULT_COLUMNS} rows={result.products}>
          {(p) => (
            <tr key={p.id}>
              <Td>
                {p.name}
                {p.created ? <span className="ml-2 text-xs text-yellow-800">(novo)</span> : null}
                <div className={`text-xs text-slate-500 ${FOLD.upTo.sm}`}>
                  +{p.units_in} un. · Custo {formatBRL(p.cost_price)}
                </div>
              </Td>
              <Td className={FOLD.from.sm}>+{p.units_in}</Td>
              <Td>{p.current_stock}</Td>
              <Td className={FOLD.from.sm}>{formatBRL(p.cost_price)}</Td>
            </tr>
          )}
        </ListTable>
        <h3 className="text-sm font-semibold text-slate-900">Contas a pagar criadas</h3>
        <PayablesPlan payables={result.payables} />
      </CardContent>
    </Card>
  );
}
