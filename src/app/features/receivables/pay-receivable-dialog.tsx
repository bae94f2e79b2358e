// 'Confirmar Pagamento' of an instalment, as at the counter: the method the money comes in,
// the amount (what is open; less is a partial payment, the rest stays open as the same
// instalment), the late charges the store sets computed for today before confirming
// (multa, juros de mora pro rata die, shared/late-charges.ts), and for cash what was handed
// over and the change. The money counts in this device's open caixa.
import { useState } from 'react';
import type { PartPaymentMethod } from '../../../shared/contract/payments';
import { formatDate, todayIso } from '../../../shared/dates';
import { lateCharges } from '../../../shared/late-charges';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { DetailList } from '../../components/detail-list';
import { Dialog, DialogFooter } from '../../components/dialog';
import { MoneyField } from '../../components/money-input';
import { toastSaved } from '../../components/outcome-toast';
import { PartMethodField } from '../../components/part-method-field';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings } from '../../lib/store-settings';
import { useCaixa } from '../../counter/caixa-hooks';
import { useReceiveInstallment, type ReceivableRow } from './api';

export const AMOUNT_OVER_OPEN = 'O valor pago não pode ser maior que o que está em aberto na parcela.';
export const RECEIVED_BELOW_TOTAL = 'O valor recebido é menor que o total a receber.';

export function PayReceivableDialog({ account, onClose }: { account: ReceivableRow; onClose: () => void }) {
  const receive = useReceiveInstallment();
  const settings = useStoreSettings().data;
  const caixa = useCaixa();
  const [method, setMethod] = useState<PartPaymentMethod>('cash');
  const [amount, setAmount] = useState<number | null>(account.amount);
  const [received, setReceived] = useState<number | null>(null);
  const saving = receive.isPending;
  const today = todayIso();

  const amountProblem =
    amount === null || amount <= 0 ? 'Informe o valor pago.' : amount > account.amount ? AMOUNT_OVER_OPEN : undefined;
  const charges = settings
    ? lateCharges({
        amount_cents: amountProblem ? 0 : amount!,
        due_date: account.due_date,
        payment_date: today,
        multa_percent: settings.late_fee_percent,
        juros_percent_per_month: settings.late_interest_monthly_percent,
      })
    : null;
  const total = charges?.total_cents ?? 0;
  const cash = method === 'cash';
  const receivedProblem = cash && received !== null && received < total ? RECEIVED_BELOW_TOTAL : undefined;
  const ready = charges !== null && !amountProblem && !receivedProblem;
  const sessionId = caixa?.status === 'open' ? caixa.id : null;

  async function confirm() {
    if (!ready) return;
    try {
      const outcome = await receive.mutateAsync({
        account,
        method,
        amount: amount!,
        charges,
        cashSessionId: sessionId,
      });
      toastSaved(outcome, 'Pagamento registrado com sucesso!');
      onClose();
    } catch (error) {
      toastError('Erro', `Erro ao registrar o pagamento: ${describeError(error, 'Erro ao registrar o pagamento')}`);
    }
  }

  const late = charges && charges.days_late > 0;
  return (
    <Dialog open onClose={() => !saving && onClose()} title="Confirmar Pagamento">
      <div className="flex flex-col gap-4">
        <DetailList
          items={[
            ['Descrição', account.description],
            ['Cliente', account.customer?.name ?? '-'],
            ['Em aberto', formatBRL(account.amount)],
            ['Vencimento', formatDate(account.due_date)],
          ]}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <PartMethodField label="Forma de pagamento" value={method} onChange={setMethod} />
          <MoneyField
            label="Valor pago da parcela"
            value={amount}
            onChange={(c) => setAmount(c)}
            error={amount !== null ? amountProblem : undefined}
            hint={
              amount !== null && amount < account.amount ? 'Pagamento parcial: o restante fica em aberto.' : undefined
            }
          />
        </div>
        {charges ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="receipt-figures">
            <dt className="text-slate-600">
              {late ? `Multa (${settings!.late_fee_percent.toLocaleString('pt-BR')}%)` : 'Multa'}
            </dt>
            <dd className="text-right tabular-nums">{formatBRL(charges.multa_cents)}</dd>
            <dt className="text-slate-600">{late ? `Juros (${charges.days_late} dia(s) de atraso)` : 'Juros'}</dt>
            <dd className="text-right tabular-nums">{formatBRL(charges.juros_cents)}</dd>
            <dt className="font-semibold text-slate-900">Total a receber</dt>
            <dd className="text-right text-lg font-semibold tabular-nums text-slate-900">{formatBRL(total)}</dd>
          </dl>
        ) : (
          <p className="text-sm text-slate-600">Carregando as regras de multa e juros da loja...</p>
        )}
        {cash && charges ? (
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
            <MoneyField
              label="Valor recebido"
              placeholder="0,00"
              value={received}
              onChange={(c) => setReceived(c)}
              error={receivedProblem}
            />
            <div className="flex flex-col pb-2 text-right">
              <span className="text-xs text-slate-600">Troco</span>
              <span className="text-lg font-semibold text-slate-900" data-testid="receipt-change">
                {formatBRL(received !== null && received > total ? received - total : 0)}
              </span>
            </div>
          </div>
        ) : null}
        <p className="text-sm text-slate-600">
          O pagamento será registrado com a data de hoje ({formatDate(today)})
          {sessionId ? ' no caixa aberto deste dispositivo.' : '.'}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button onClick={() => void confirm()} disabled={saving || !ready}>
          {saving ? 'Registrando...' : 'Confirmar Pagamento'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
