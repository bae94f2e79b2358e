// A note without duplicatas: how the note says it is paid (pag/detPag), and the admin's
// word on its one bill: 'Já paga' (on a day up to today, with its form of payment; the
// bill is created paid, with its cash-book expense) or 'A pagar' on a day from today on.
import { PAYABLE_PAYMENT_METHODS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import type { NfePreview } from '../../../shared/contract/stock-entries';
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { Card, CardContent, CardHeader } from '../../components/card';
import { ChoiceField } from '../../components/choice-field';
import { DateField } from '../../components/date-input';
import type { PaymentDraft } from './entry-choice';

const TERMS = { now: 'à vista', later: 'a prazo' } as const;

function Declared({ payments }: { payments: NfePreview['payments'] }) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">A nota não diz como é paga.</p>;
  return (
    <ul className="space-y-1 text-sm text-slate-700" aria-label="Pagamento declarado na nota">
      {payments.map((p, i) => (
        <li key={`${p.form}-${i}`}>
          {p.label}: {formatBRL(p.amount)}
          {p.term ? ` · ${TERMS[p.term]}` : ''}
          {p.paid_on ? ` · pago em ${formatDate(p.paid_on)}` : ''}
        </li>
      ))}
    </ul>
  );
}

function Option({ checked, label, onPick }: { checked: boolean; label: string; onPick: () => void }) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
      <input type="radio" name="nfe-payment" checked={checked} onChange={onPick} className="h-4 w-4" />
      {label}
    </label>
  );
}

export function PaymentChoice({
  preview,
  draft,
  today,
  onChange,
}: {
  preview: NfePreview;
  draft: PaymentDraft;
  today: string;
  onChange: (draft: PaymentDraft) => void;
}) {
  // The note's one form of payment proposes the bill's method.
  const proposed = preview.payments.length === 1 ? preview.payments[0]!.payable_method : null;
  return (
    <Card>
      <CardHeader
        title="Pagamento"
        description="Esta NF-e não tem duplicatas: diga se ela já foi paga ou quando vence."
      />
      <CardContent className="space-y-4">
        <Declared payments={preview.payments} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-900">A conta de {formatBRL(preview.total)}</legend>
          <div className="flex flex-wrap gap-3">
            <Option
              checked={draft.kind === 'paid'}
              label="Já paga"
              onPick={() => onChange({ kind: 'paid', date: today, method: proposed ?? 'none' })}
            />
            <Option checked={draft.kind === 'due'} label="A pagar" onPick={() => onChange({ kind: 'due', date: '' })} />
          </div>
          {draft.kind === 'paid' ? (
            <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
              <DateField
                label="Data do pagamento"
                value={draft.date}
                max={today}
                onChange={(date) => onChange({ ...draft, date })}
              />
              <ChoiceField
                label="Forma de pagamento"
                value={draft.method}
                first={{ value: 'none', label: 'Nenhuma' }}
                choices={PAYABLE_PAYMENT_METHODS}
                labels={PAYMENT_METHOD_LABELS}
                onChange={(e) => onChange({ ...draft, method: e.target.value as typeof draft.method })}
              />
            </div>
          ) : null}
          {draft.kind === 'due' ? (
            <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
              <DateField
                label="Vencimento"
                value={draft.date}
                min={today}
                required
                onChange={(date) => onChange({ ...draft, date })}
              />
            </div>
          ) : null}
        </fieldset>
      </CardContent>
    </Card>
  );
}
