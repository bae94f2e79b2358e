// 'Dividir pagamento': the parts of the sale, each a method and an amount (cash with what
// was handed over and its change), and what is still missing or over the total.
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { MoneyField } from '../../components/money-input';
import { PartMethodField } from '../../components/part-method-field';
import { changeFor, splitRemaining, type PaymentForm } from './use-payment-form';

export function SplitPayment({ due, payment }: { due: number; payment: PaymentForm }) {
  const { state, actions } = payment;
  const rest = splitRemaining(due, state.parts);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="split-payment">
      {state.parts.map((part, i) => {
        const change = part.method === 'cash' ? changeFor(part.amount ?? 0, part.received) : null;
        return (
          <fieldset key={i} className="flex flex-col gap-2 border-b border-slate-200 pb-3 last:border-b-0 last:pb-0">
            <legend className="sr-only">Parte {i + 1}</legend>
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
              <PartMethodField
                label={`Forma ${i + 1}`}
                value={part.method}
                onChange={(method) => actions.setPart(i, { method, received: null })}
              />
              <MoneyField
                label={`Valor ${i + 1}`}
                placeholder="0,00"
                value={part.amount}
                onChange={(amount) => actions.setPart(i, { amount })}
              />
            </div>
            {part.method === 'cash' ? (
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-end gap-2">
                <MoneyField
                  label={`Valor recebido ${i + 1}`}
                  placeholder="0,00"
                  value={part.received}
                  onChange={(received) => actions.setPart(i, { received })}
                />
                <p className="pb-2 text-sm text-slate-700">Troco: {formatBRL(change ?? 0)}</p>
              </div>
            ) : null}
            {state.parts.length > 2 ? (
              <Button type="button" variant="outline" size="sm" onClick={() => actions.removePart(i)}>
                Remover forma {i + 1}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      <Button type="button" variant="outline" size="sm" onClick={actions.addPart}>
        Adicionar forma de pagamento
      </Button>
      <p className="text-sm font-medium text-slate-800" data-testid="split-remaining">
        {rest === 0 ? 'Total coberto' : rest > 0 ? `Falta: ${formatBRL(rest)}` : `Passou: ${formatBRL(-rest)}`}
      </p>
    </div>
  );
}
