// The customer's vale-troca at Nova Venda: shown when the customer has a balance on this
// device; 'Usar vale-troca' pays what it covers of the sale (a 'Vale-troca' payment part)
// and the rest is paid as chosen. An exchange ticks it for the cashier.
import { useEffect } from 'react';
import { formatBRL } from '../../../shared/money';
import { CheckboxField } from '../../components/field';
import { useStoreCredit } from '../../counter/store-credit-hooks';
import type { PaymentForm } from './use-payment-form';

export function StoreCreditUse({
  customerId,
  due,
  payment,
}: {
  customerId: string | null;
  due: number;
  payment: PaymentForm;
}) {
  const balance = useStoreCredit(customerId) ?? 0;
  const usable = Math.min(balance, due);
  const used = payment.state.storeCredit;
  const all = payment.state.storeCreditAll;
  const { setStoreCredit, setStoreCreditAll } = payment.actions;
  // Another customer, a smaller balance or total: the vale used never passes what it covers.
  // In an exchange it follows what it covers as products are added (exchange.tsx).
  useEffect(() => {
    if (used > usable || (all && used !== usable)) setStoreCredit(usable);
  }, [used, usable, all, setStoreCredit]);
  if (balance <= 0) return null;
  return (
    <div className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p>
        Vale-troca disponível: <strong data-testid="store-credit-balance">{formatBRL(balance)}</strong>
      </p>
      <CheckboxField
        label={`Usar vale-troca (${formatBRL(usable)})`}
        checked={used > 0}
        disabled={usable === 0}
        onChange={(checked) => {
          setStoreCredit(checked ? usable : 0);
          if (!checked) setStoreCreditAll(false);
        }}
      />
    </div>
  );
}
