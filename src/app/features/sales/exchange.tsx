// The exchange in one step ('Trocar por outros produtos' in Trocas e Devoluções): the
// return went to the customer's vale-troca (return-dialog.tsx: every sale has a customer,
// so the vale always has someone to belong to) and Nova Venda goes on with that customer
// chosen and the vale applied as the new sale's 'Vale-troca' part, following the total as
// products are added. A dearer new sale: the rest is paid with the other methods (or
// 'Dividir pagamento'); a cheaper one: what the vale does not use stays as the customer's
// vale-troca, and the banner says how much, or, ticked 'Devolver R$ Z em dinheiro', goes
// back in cash once the sale is finished (at most what this exchange's return credited:
// the server's rule), through the outbox after the return and the new sale, counted out
// of the caixa's cash. On the way to the server the new sale waits for the queued return
// that credits the vale (offline/finish-sale.ts), so the return arrives first, and each once.
// Opened from a sale's detail (Histórico de Vendas) it comes to Nova Venda in the route's
// state (useGoToExchange); from Nova Venda's own 'Trocas e Devoluções' it starts in place.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatBRL } from '../../../shared/money';
import { toast, toastError } from '../../components/toast-store';
import type { ExchangeRouteState, ExchangeStart } from '../../components/returns/return-dialog';
import { useFinishPayout, useStoreCredit } from '../../counter/store-credit-hooks';
import type { PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';
import { QUEUED_SALE_NOTE } from './use-finish-sale';

/** What the vale does in the new sale (centavos): used, left over, and how much of that may go back in cash. */
export function exchangeFigures(balance: number, total: number, credit: number) {
  const used = Math.min(balance, total);
  const rest = total === 0 ? 0 : balance - used;
  return { used, rest, cash: Math.min(rest, credit) };
}

/** The exchange under way at Nova Venda (null: none), how one starts here, and its rest in cash. */
export function useExchange(form: ReturnType<typeof useSaleForm>, payment: PaymentForm) {
  const [exchange, setExchange] = useState<ExchangeStart | null>(null);
  const [cashBack, setCashBack] = useState(false);
  const { selectCustomer } = form.actions;
  const { setStoreCreditAll } = payment.actions;
  const start = useCallback(
    (next: ExchangeStart) => {
      setExchange(next);
      setCashBack(false);
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
  const balance = useStoreCredit(active ? exchange.customer.id : null) ?? 0;
  const figures = exchangeFigures(balance, form.total, exchange?.credit ?? 0);
  const payOut = useFinishPayout();

  /** After the new sale is finished: the rest in cash, when the cashier chose so. */
  async function afterSale(saleId: string) {
    if (!active || !cashBack || figures.cash <= 0) return;
    const { customer, returnId, saleNumber } = exchange;
    const amount = figures.cash;
    try {
      const outcome = await payOut({
        id: crypto.randomUUID(),
        customerId: customer.id,
        returnId,
        saleId,
        amount,
        summary: `Vale-troca em dinheiro · Troca da venda ${saleNumber} · ${formatBRL(amount)}`,
      });
      if (outcome.kind === 'refused') {
        toastError('Vale-troca não devolvido', `${outcome.error.message} O valor continua como vale-troca.`);
        return;
      }
      toast({
        title: 'Diferença em dinheiro',
        description: `Devolva ${formatBRL(amount)} em dinheiro para ${customer.name}.`,
        note: outcome.kind === 'queued' ? QUEUED_SALE_NOTE : undefined,
      });
    } catch {
      toastError('Vale-troca não devolvido', 'Não foi possível registrar a devolução em dinheiro. Tente novamente.');
    }
  }

  return {
    exchange: active ? exchange : null,
    start,
    figures,
    cashBack,
    setCashBack,
    afterSale,
  };
}
