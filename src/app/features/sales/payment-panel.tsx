// The payment area of 'Resumo da Venda': the method, 'Dividir pagamento', cash's 'Valor
// recebido' and 'Troco', Pix's QR and 'Pix recebido', crediário's options with the method
// its entrada is paid by.
import { PART_PAYMENT_METHODS, type PartPaymentMethod } from '../../../shared/contract/payments';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/contract/sales';
import type { StoreSettings } from '../../../shared/contract/settings';
import { formatBRL } from '../../../shared/money';
import { CheckboxField, SelectField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { lazyPart } from '../../components/lazy-part';
import { FINAL_CONSUMER_CREDIARIO } from '../../../shared/final-consumer';
import { StoreCreditUse } from './store-credit-use';
import { changeFor, pixAmount, RECEIVED_TOO_LOW, type PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';

// Loaded when first chosen: a sale in cash or by card needs none of them.
const CrediarioOptions = lazyPart(() => import('./crediario-options'), 'CrediarioOptions');
const PixCharge = lazyPart(() => import('./pix-charge'), 'PixCharge');
const SplitPayment = lazyPart(() => import('./split-payment'), 'SplitPayment');

interface PaymentPanelProps {
  form: ReturnType<typeof useSaleForm>;
  payment: PaymentForm;
  due: number;
  saleId: string;
  settings: StoreSettings | undefined;
  finishing: boolean;
  /** 'Pix recebido' finishes the sale; null while something else blocks it. */
  onPixReceived: (() => void) | null;
}

export function PaymentPanel({ form, payment, due, saleId, settings, finishing, onPixReceived }: PaymentPanelProps) {
  const { state, entrada, entradaProblem, actions } = form;
  const method = state.paymentMethod;
  const pay = payment.state;
  const pix = pixAmount(method, due, entrada, pay);
  // What is left to pay after the vale-troca (cash, a split's parts).
  const payable = due - Math.min(pay.storeCredit, due);
  const change = changeFor(payable, pay.received);
  return (
    <>
      {method !== 'crediario' ? (
        <StoreCreditUse customerId={state.customer?.id ?? null} due={due} payment={payment} />
      ) : null}
      <SelectField
        label="Forma de pagamento"
        value={method}
        disabled={pay.split}
        onChange={(event) => actions.setPaymentMethod(event.target.value as PaymentMethod)}
      >
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      {method !== 'crediario' ? (
        <CheckboxField label="Dividir pagamento" checked={pay.split} onChange={payment.actions.setSplit} />
      ) : null}
      {method === 'cash' && !pay.split && payable > 0 ? (
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
          <MoneyField
            label="Valor recebido"
            placeholder="0,00"
            value={pay.received}
            onChange={payment.actions.setReceived}
            error={pay.received !== null && pay.received < payable ? RECEIVED_TOO_LOW : undefined}
          />
          <div className="flex flex-col pb-2 text-right">
            <span className="text-xs text-slate-600">Troco</span>
            <span className="text-lg font-semibold text-slate-900" data-testid="sale-change">
              {formatBRL(change ?? 0)}
            </span>
          </div>
        </div>
      ) : null}
      {pay.split && method !== 'crediario' ? <SplitPayment due={payable} payment={payment} /> : null}
      {method === 'crediario' ? (
        <>
          {state.customer?.finalConsumer ? (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {FINAL_CONSUMER_CREDIARIO}
            </p>
          ) : null}
          <CrediarioOptions
            total={due}
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
          {state.entradaOn ? (
            <SelectField
              label="Entrada paga com"
              value={pay.entradaMethod}
              onChange={(e) => payment.actions.setEntradaMethod(e.target.value as PartPaymentMethod)}
            >
              {PART_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectField>
          ) : null}
        </>
      ) : null}
      {pix > 0 ? (
        <PixCharge amount={pix} saleId={saleId} settings={settings} onConfirm={onPixReceived} finishing={finishing} />
      ) : null}
    </>
  );
}
