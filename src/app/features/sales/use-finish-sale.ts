// Finishing the sale being rung up (spec §8 texts): straight to the server when online,
// else into the outbox (offline/finish-sale.ts). A price the server says changed
// (409 PRICE_CHANGED) updates that line to the current price and tells the cashier, who
// can finish again; any other refusal is shown and the sale stays as it was. A sale kept
// in the outbox (offline, or no answer in time) is confirmed with the spec's text and a
// line saying it is on this device until it can be sent.
import { useState } from 'react';
import { z } from 'zod';
import { PriceChangedDetailSchema } from '../../../shared/contract/sales';
import { useSession } from '../../auth/session-context';
import { toast, toastError } from '../../components/toast-store';
import type { ApiError } from '../../lib/api-error';
import { useFinishSale } from '../../offline/hooks';
import { buildSale } from './build-sale';
import { applyPriceChanges, finishError, type CartLine } from './cart';
import { paymentProblem, pixAmount, PIX_NOT_CONFIRMED, type PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';

export const FINISH_FAILED_TEXT = 'Não foi possível finalizar a venda. Tente novamente.';
export const PRICE_CHANGED_TITLE = 'Preço atualizado';
export const QUEUED_SALE_NOTE = 'Salva neste dispositivo; será enviada quando a conexão voltar.';

const PriceChangesSchema = z.array(PriceChangedDetailSchema).min(1);

/** The lines at the prices a 409 PRICE_CHANGED names, or null for any other refusal. */
export function repricedLines(lines: CartLine[], error: ApiError): CartLine[] | null {
  if (error.code !== 'PRICE_CHANGED') return null;
  const changes = PriceChangesSchema.safeParse(error.details);
  return changes.success ? applyPriceChanges(lines, changes.data) : null;
}

export function useSaleFinish(
  form: ReturnType<typeof useSaleForm>,
  payment: PaymentForm,
  sale: { id: string; number: string | null },
  /** The sale was finished (a new one starts) or refused (`refused`: it is tried again under a new id). */
  onDone: (outcome: 'finished' | 'refused') => void,
) {
  const finishSale = useFinishSale();
  const cashierName = useSession().user?.name ?? null;
  const [finishing, setFinishing] = useState(false);

  /** `pixReceived`: the cashier confirmed 'Pix recebido' (a sale paid by Pix needs it). */
  async function finish(pixReceived = false) {
    const { state, entradaProblem, total, entrada } = form;
    const pix = pixAmount(state.paymentMethod, total, entrada, payment.state) > 0;
    const problem =
      finishError(state.customer !== null, state.lines) ??
      form.saleProblem ??
      entradaProblem ??
      paymentProblem(state.paymentMethod, total, payment.state) ??
      (pix && !pixReceived ? PIX_NOT_CONFIRMED : null);
    if (problem) {
      toastError('Atenção', problem);
      return;
    }
    setFinishing(true);
    toast({ title: 'Processando venda', description: 'Aguarde enquanto finalizamos sua venda...' });
    try {
      const built = buildSale(
        state,
        form.entrada,
        {
          id: sale.id,
          now: Date.now(),
          number: sale.number,
          cashierName,
        },
        payment.state,
      );
      const outcome = await finishSale({ sale: built.sale, body: built.body, summary: built.summary });
      if (outcome.kind === 'refused') {
        onDone('refused');
        const repriced = repricedLines(state.lines, outcome.error);
        if (repriced) {
          form.actions.setLines(repriced);
          toast({ title: PRICE_CHANGED_TITLE, description: outcome.error.message });
        } else {
          toastError('Erro ao finalizar venda', outcome.error.message || 'Ocorreu um erro inesperado');
        }
        return;
      }
      toast({
        title: 'Sucesso',
        description: built.message,
        note: outcome.kind === 'queued' ? QUEUED_SALE_NOTE : undefined,
      });
      form.actions.reset();
      payment.actions.reset();
      onDone('finished');
    } catch {
      toastError('Erro ao finalizar venda', FINISH_FAILED_TEXT);
    } finally {
      setFinishing(false);
    }
  }

  return { finishing, finish };
}
