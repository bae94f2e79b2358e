// 'Resumo da Venda': total, payment method, crediário options and 'Finalizar Venda'
// (disabled without a customer or items; the reason is said underneath).
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField } from '../../components/field';
import { finishError } from './cart';
import { CrediarioOptions } from './crediario-options';
import type { useSaleForm } from './use-sale-form';

type SaleForm = ReturnType<typeof useSaleForm>;

interface SaleSummaryProps {
  form: SaleForm;
  finishing: boolean;
  onFinish: () => void;
}

export function SaleSummary({ form, finishing, onFinish }: SaleSummaryProps) {
  const { state, total, entrada, entradaProblem, actions } = form;
  const blocked = finishError(state.customer !== null, state.lines);
  return (
    <Card>
      <CardHeader title="Resumo da Venda" />
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between">
          <span className="text-sm text-slate-600">Total</span>
          <span className="text-2xl font-bold text-slate-900" data-testid="sale-total">
            {formatBRL(total)}
          </span>
        </div>
        <SelectField
          label="Forma de pagamento"
          value={state.paymentMethod}
          onChange={(event) => actions.setPaymentMethod(event.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        {state.paymentMethod === 'crediario' ? (
          <CrediarioOptions
            total={total}
            installments={state.installments}
            dueDates={state.dueDates}
            entradaOn={state.entradaOn}
            entradaText={state.entradaText}
            entrada={entrada}
            entradaProblem={entradaProblem}
            onInstallments={actions.setInstallments}
            onEntradaOn={actions.setEntradaOn}
            onEntradaText={actions.setEntradaText}
          />
        ) : null}
        <Button onClick={onFinish} disabled={blocked !== null || finishing} className="h-12 w-full text-base">
          {finishing ? 'Finalizando...' : 'Finalizar Venda'}
        </Button>
        {finishing ? (
          <p role="status" className="text-center text-sm text-slate-600">
            Aguarde enquanto finalizamos sua venda...
          </p>
        ) : blocked ? (
          <p className="text-center text-xs text-slate-500">{blocked}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
