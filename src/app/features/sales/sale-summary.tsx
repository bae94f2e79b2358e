// 'Resumo da Venda': total, payment method, crediário options and 'Finalizar Venda'
// (disabled without a customer or items; the reason is said underneath). Below
// WIDE_TILL_PX the total and the button live in FinishBar, kept at the bottom of the screen.
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { cn } from '../../components/cn';
import { SelectField } from '../../components/field';
import { finishError } from './cart';
import { CrediarioOptions } from './crediario-options';
import type { useSaleForm } from './use-sale-form';

type SaleForm = ReturnType<typeof useSaleForm>;

interface SaleSummaryProps {
  form: SaleForm;
  finishing: boolean;
  onFinish: () => void;
  /** false: the button is in FinishBar instead. */
  withFinish: boolean;
}

export function SaleSummary({ form, finishing, onFinish, withFinish }: SaleSummaryProps) {
  const { state, total, entrada, entradaProblem, actions } = form;
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
        {withFinish ? <FinishButton form={form} finishing={finishing} onFinish={onFinish} /> : null}
      </CardContent>
    </Card>
  );
}

function FinishButton({
  form,
  finishing,
  onFinish,
  compact = false,
}: Omit<SaleSummaryProps, 'withFinish'> & { compact?: boolean }) {
  const blocked = finishError(form.state.customer !== null, form.state.lines);
  return (
    <div className={cn('flex flex-col gap-2', compact && 'min-w-0 flex-1 sm:max-w-sm')}>
      <Button onClick={onFinish} disabled={blocked !== null || finishing} className="h-12 w-full text-base">
        {finishing ? 'Finalizando...' : 'Finalizar Venda'}
      </Button>
      {finishing ? (
        <p role="status" className="text-center text-sm text-slate-600">
          Aguarde enquanto finalizamos sua venda...
        </p>
      ) : blocked ? (
        <p className="text-center text-xs text-slate-600">{blocked}</p>
      ) : null}
    </div>
  );
}

/** Phones and tablets: the total and 'Finalizar Venda', always at the bottom of the screen. */
export function FinishBar({ form, finishing, onFinish }: Omit<SaleSummaryProps, 'withFinish'>) {
  return (
    // Sticky at the bottom of the scrolling <main>, over its padding (the negative offsets;
    // the negative bottom margin keeps it flush with the bottom at the end of the scroll too).
    <div
      data-testid="finish-bar"
      className="sticky -bottom-4 z-10 -mx-4 -mb-4 mt-6 flex items-start justify-between gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 lg:-bottom-8 lg:-mx-8 lg:-mb-8 lg:px-8"
    >
      <div className="flex shrink-0 flex-col">
        <span className="text-xs text-slate-600">Total</span>
        <span className="text-xl font-bold text-slate-900">{formatBRL(form.total)}</span>
      </div>
      <FinishButton form={form} finishing={finishing} onFinish={onFinish} compact />
    </div>
  );
}
