// Finishing the sale being rung up (spec §8 texts): straight to the server when online,
// else into the outbox (offline/finish-sale.ts). A price the server says changed
// (409 PRICE_CHANGED) updates that line to the current price and tells the cashier, who
// can finish again; any other refusal is shown and the sale stays as it was. A sale kept
// in the outbox (offline, or no answer in time) is confirmed with the spec's text and a
// line saying it is on this device until it can be sent. A crediário sale that would pass
// the customer's credit limit (as the till counts it, or as the server's 409 says) stops
// with the figures (credit-limit-dialog.tsx) until an admin lets it go on.
import { useState } from 'react';
import { z } from 'zod/mini';
import { CreditOverLimitDetailSchema } from '../../../shared/contract/credit';
import { PriceChangedDetailSchema } from '../../../shared/contract/sales';
import { overCreditLimit } from '../../../shared/credit';
import { finalConsumerProblem } from '../../../shared/final-consumer';
import { useSession } from '../../auth/session-context';
import { toast, toastError } from '../../components/toast-store';
import type { ApiError } from '../../lib/api-error';
import { useFinishSale } from '../../counter/sale-hooks';
import { noteDocumentOf, useFiscalTill } from '../../counter/fiscal-till';
import { buildSale } from './build-sale';
import { applyPriceChanges, finishError, type CartLine } from './cart';
import { paymentProblem, pixAmount, PIX_NOT_CONFIRMED, type PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';
import type { CreditBlock } from './credit-limit-dialog';
import type { TillCredit } from './use-till-credit';

export const FINISH_FAILED_TEXT = 'Não foi possível finalizar a venda. Tente novamente.';
export const PRICE_CHANGED_TITLE = 'Preço atualizado';
export const QUEUED_SALE_NOTE = 'Salva neste dispositivo; será enviada quando a conexão voltar.';

const PriceChangesSchema = z.array(PriceChangedDetailSchema).check(z.minLength(1));

/** The lines at the prices a 409 PRICE_CHANGED names, or null for any other refusal. */
export function repricedLines(lines: CartLine[], error: ApiError): CartLine[] | null {
  if (error.code !== 'PRICE_CHANGED') return null;
  const changes = PriceChangesSchema.safeParse(error.details);
  return changes.success ? applyPriceChanges(lines, changes.data) : null;
}

/** The figures of a 409 over the credit limit, or null for any other refusal. */
export function creditRefusal(error: ApiError): CreditBlock | null {
  const details = CreditOverLimitDetailSchema.safeParse(error.details);
  if (!details.success) return null;
  const { limit_centavos, open_centavos, sale_centavos } = details.data;
  return { limit: limit_centavos, open: open_centavos, sale: sale_centavos };
}

/** How a sale over the credit limit goes on: an admin's approval for it, or a confirmation. */
export type CreditGoOn = { approval: string } | { confirmed: true };

export function useSaleFinish(
  form: ReturnType<typeof useSaleForm>,
  payment: PaymentForm,
  sale: { id: string; number: string | null },
  /** The sale was finished (a new one starts) or refused (`refused`: it is tried again under a new id). */
  onDone: (outcome: 'finished' | 'refused') => void,
  /** The customer's crediário as the till counts it (use-till-credit.ts). */
  credit: TillCredit | null = null,
) {
  const finishSale = useFinishSale();
  const fiscal = useFiscalTill().data ?? null;
  const cashierName = useSession().user?.name ?? null;
  const [finishing, setFinishing] = useState(false);
  /** A sale stopped over the credit limit, with whether Pix was confirmed for it. */
  const [creditBlock, setCreditBlock] = useState<(CreditBlock & { pixReceived: boolean }) | null>(null);

  /** `pixReceived`: the cashier confirmed 'Pix recebido' (a sale paid by Pix needs it). */
  async function finish(pixReceived = false, goOn?: CreditGoOn) {
    const { state, entradaProblem, total, entrada } = form;
    const pix = pixAmount(state.paymentMethod, total, entrada, payment.state) > 0;
    const problem =
      finishError(state.customer !== null, state.lines) ??
      form.saleProblem ??
      form.noteDocumentError ??
      entradaProblem ??
      paymentProblem(state.paymentMethod, total, payment.state) ??
      finalConsumerProblem(
        { finalConsumer: state.customer?.finalConsumer === true },
        { crediario: state.paymentMethod === 'crediario', storeCredit: payment.state.storeCredit },
      ) ??
      (pix && !pixReceived ? PIX_NOT_CONFIRMED : null);
    if (problem) {
      toastError('Atenção', problem);
      return;
    }
    const financed = state.paymentMethod === 'crediario' ? total - entrada : 0;
    const open = credit?.open ?? null;
    if (!goOn && financed > 0 && open !== null && overCreditLimit(credit!.limit, open, financed)) {
      setCreditBlock({ limit: credit!.limit!, open, sale: financed, pixReceived });
      return;
    }
    setCreditBlock(null);
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
          ...(goOn && 'approval' in goOn ? { creditApproval: goOn.approval } : {}),
          fiscalDocument: noteDocumentOf(state.noteDocument ?? '', form.noteRule),
        },
        payment.state,
      );
      const outcome = await finishSale({ sale: built.sale, body: built.body, summary: built.summary, fiscal });
      if (outcome.kind === 'refused') {
        onDone('refused');
        const repriced = repricedLines(state.lines, outcome.error);
        const overCredit = creditRefusal(outcome.error);
        if (overCredit) {
          setCreditBlock({ ...overCredit, pixReceived });
        } else if (repriced) {
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

  return {
    finishing,
    finish,
    creditBlock,
    closeCreditBlock: () => setCreditBlock(null),
    /** Finishes the stopped sale: an admin let it go on. */
    goOnOverCredit: (goOn: CreditGoOn) => void finish(creditBlock?.pixReceived ?? false, goOn),
  };
}
