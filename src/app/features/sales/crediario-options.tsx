// Crediário: 1 to 6 installments (due dates 30 days apart), an optional entrada between
// zero and the total, and the value of each installment.
import { CREDIARIO_MAX_INSTALLMENTS, CREDIARIO_MIN_INSTALLMENTS } from '../../../shared/constants';
import { formatDate } from '../../../shared/dates';
import { formatBRL, parseMoneyInput } from '../../../shared/money';
import { CheckboxField, SelectField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { installmentAmounts, installmentText } from './cart';

interface CrediarioOptionsProps {
  total: number;
  installments: number;
  dueDates: string[];
  entradaOn: boolean;
  entradaText: string;
  entrada: number;
  entradaProblem: string | null;
  onInstallments: (n: number) => void;
  onEntradaOn: (on: boolean) => void;
  onEntradaText: (text: string) => void;
}

const COUNTS = Array.from(
  { length: CREDIARIO_MAX_INSTALLMENTS - CREDIARIO_MIN_INSTALLMENTS + 1 },
  (_, i) => CREDIARIO_MIN_INSTALLMENTS + i,
);

export function CrediarioOptions(props: CrediarioOptionsProps) {
  const { total, installments, dueDates, entradaOn, entrada, entradaProblem } = props;
  const amounts = entradaProblem ? [] : installmentAmounts(total, entrada, installments);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <SelectField
        label="Número de parcelas"
        value={String(installments)}
        onChange={(event) => props.onInstallments(Number(event.target.value))}
      >
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}x
          </option>
        ))}
      </SelectField>
      <CheckboxField label="Quer adicionar uma entrada?" checked={entradaOn} onChange={props.onEntradaOn} />
      {entradaOn ? (
        <MoneyField
          label="Valor da entrada"
          placeholder="0,00"
          value={parseMoneyInput(props.entradaText)}
          onChange={(_, text) => props.onEntradaText(text)}
          error={entradaProblem ?? undefined}
        />
      ) : null}
      {entradaProblem ? null : (
        <p className="text-sm text-slate-700" data-testid="installment-value">
          {installmentText(total, entrada, installments)}
        </p>
      )}
      {dueDates.length > 0 ? (
        <ul className="flex flex-col gap-1 text-xs text-slate-600" aria-label="Vencimentos">
          {dueDates.map((date, i) => (
            <li key={date} className="flex justify-between">
              <span>
                Parcela {i + 1}: {formatDate(date)}
              </span>
              {amounts[i] !== undefined ? <span>{formatBRL(amounts[i]!)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
