// The exchange in one step ('Trocar por outros produtos' in Trocas e Devoluções): the
// return went to the customer's vale-troca (return-dialog.tsx: every sale has a customer,
// so the vale always has someone to belong to) and Nova Venda goes on with that customer
// chosen and the vale applied as the new sale's 'Vale-troca' part, following the total as
// products are added. A dearer new sale: the rest is paid with the other methods (or
// 'Dividir pagamento'); a cheaper one: what the vale does not use stays as the customer's
// vale-troca, and the banner says how much. On the way to the server the new sale waits
// for the queued return that credits the vale (offline/finish-sale.ts), so the return
// arrives first, and each once.
// Opened from a sale's detail (Histórico de Vendas) it comes to Nova Venda in the route's
// state (useGoToExchange); from Nova Venda's own 'Trocas e Devoluções' it starts in place.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatBRL } from '../../../shared/money';
import type { ExchangeRouteState, ExchangeStart } from '../../lib/return-dialog';
import { useStoreCredit } from '../../offline/returns-hooks';
import type { PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';

/** The exchange under way at Nova Venda (null: none), and how one starts here. */
export function useExchange(form: ReturnType<typeof useSaleForm>, payment: PaymentForm) {
  const [exchange, setExchange] = useState<ExchangeStart | null>(null);
  const { selectCustomer } = form.actions;
  const { setStoreCreditAll } = payment.actions;
  const start = useCallback(
    (next: ExchangeStart) => {
      setExchange(next);
      selectCustomer({ id: next.customer.id, name: next.customer.name });
      setStoreCreditAll(true);
    },
    [selectCustomer, setStoreCreditAll],
  );
  const location = useLocation();
  const navigate = useNavigate();
  const routed = (location.state as Partial<ExchangeRouteState> | null)?.exchange;
  useEffect(() => {
    if (!routed) return;
    start(routed);
    // Taken: a reload or going back does not start it again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [routed, start, navigate, location.pathname]);
  // Over once the sale is finished (the form is reset) or another customer is chosen.
  const customerId = form.state.customer?.id;
  const active = exchange !== null && customerId === exchange.customer.id;
  useEffect(() => {
    if (exchange && customerId !== exchange.customer.id) setExchange(null);
  }, [exchange, customerId]);
  return { exchange: active ? exchange : null, start };
}

/** What the exchange's banner says: the vale applied, and what is left to pay or stays as vale. */
export function ExchangeBanner({ exchange, total }: { exchange: ExchangeStart; total: number }) {
  const balance = useStoreCredit(exchange.customer.id) ?? 0;
  const used = Math.min(balance, total);
  const name = exchange.customer.name;
  return (
    <div
      role="status"
      data-testid="exchange-banner"
      className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
    >
      <p className="font-medium">
        Troca da venda {exchange.saleNumber}: vale-troca de {formatBRL(exchange.credit)} para {name}.
      </p>
      {total === 0 ? (
        <p>Adicione os produtos da troca; o vale-troca entra como pagamento.</p>
      ) : total > balance ? (
        <p>
          Vale-troca usado: {formatBRL(used)}. Falta pagar {formatBRL(total - used)} com outra forma de pagamento.
        </p>
      ) : (
        <p>
          Vale-troca usado: {formatBRL(used)}.{' '}
          {balance > used ? `O restante, ${formatBRL(balance - used)}, fica como vale-troca de ${name}.` : ''}
        </p>
      )}
    </div>
  );
}
