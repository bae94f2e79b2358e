// 'Desconto' on a line or on the whole sale, in R$ or %: the cashier sees what comes off
// and what the sale then charges before applying; a discount the till refuses (over the
// cashier's limit, above the value) is refused here with the reason, and nothing changes.
import { useState } from 'react';
import { discountCentavos, parsePercentInput, percentText, type DiscountInput } from '../../../shared/discounts';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNote } from '../../components/error-note';
import { FieldFrame, SelectField, TextField } from '../../components/field';
import { MoneyInput } from '../../components/money-input';

interface DiscountDialogProps {
  title: string;
  /** centavos the discount is taken from */
  base: number;
  current: DiscountInput | null;
  /** The cashier's limit in percent (null: an admin, none). */
  limit: number | null;
  /** Why this discount cannot be given, once applied (null: it can). */
  check: (discount: DiscountInput | null) => string | null;
  onApply: (discount: DiscountInput | null) => void;
  onClose: () => void;
}

export function DiscountDialog({ title, base, current, limit, check, onApply, onClose }: DiscountDialogProps) {
  const [mode, setMode] = useState<DiscountInput['mode']>(current?.mode ?? 'amount');
  const [amount, setAmount] = useState<number | null>(current?.mode === 'amount' ? current.centavos : null);
  const [percent, setPercent] = useState(
    current?.mode === 'percent' ? percentText(current.hundredths).slice(0, -1) : '',
  );
  const [refused, setRefused] = useState<string | null>(null);
  const hundredths = parsePercentInput(percent);
  const typed: DiscountInput | null =
    mode === 'amount'
      ? amount !== null
        ? { mode: 'amount', centavos: amount }
        : null
      : hundredths !== null
        ? { mode: 'percent', hundredths }
        : null;
  const off = discountCentavos(typed, base);
  const apply = () => {
    if (!typed) return;
    const problem = check(off > 0 ? typed : null);
    if (problem) {
      setRefused(problem);
      return;
    }
    onApply(off > 0 ? typed : null);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={limit === null ? undefined : `Limite do caixa: até ${limit}% de desconto.`}
      size="sm"
    >
      <div className="space-y-4">
        <SelectField
          label="Tipo de desconto"
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as DiscountInput['mode']);
            setRefused(null);
          }}
        >
          <option value="amount">Em reais (R$)</option>
          <option value="percent">Em porcentagem (%)</option>
        </SelectField>
        {mode === 'amount' ? (
          <FieldFrame id="discount-amount" label="Desconto (R$)">
            <MoneyInput
              id="discount-amount"
              value={amount}
              onChange={(c) => {
                setAmount(c);
                setRefused(null);
              }}
              data-autofocus
            />
          </FieldFrame>
        ) : (
          <TextField
            label="Desconto (%)"
            inputMode="decimal"
            value={percent}
            error={percent.trim() !== '' && hundredths === null ? 'Informe um percentual de 0 a 100' : undefined}
            onChange={(e) => {
              setPercent(e.target.value);
              setRefused(null);
            }}
            data-autofocus
          />
        )}
        <p className="text-sm text-slate-700" data-testid="discount-preview">
          Desconto de {formatBRL(off)} · fica {formatBRL(Math.max(base - off, 0))}
        </p>
        {refused ? <ErrorNote>{refused}</ErrorNote> : null}
        <div className="flex flex-wrap justify-end gap-2">
          {current ? (
            <Button
              variant="outline"
              onClick={() => {
                onApply(null);
                onClose();
              }}
            >
              Remover desconto
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={apply} disabled={!typed}>
            Aplicar desconto
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
