// 'Resumo da Venda': total, the payment area (payment-panel.tsx) and 'Finalizar Venda'
// (disabled without a customer or items, or while the payment does not add up; the reason
// is said underneath). Below WIDE_TILL_PX the total and the button live in FinishBar, kept
// at the bottom of the screen.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { StoreSettings } from '../../../shared/contract/settings';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { cn } from '../../components/cn';
import { finishError } from './cart';
import { SaleDiscountRows } from './sale-discount-rows';
import { NoteDocumentField } from './note-document-field';
import { PaymentPanel } from './payment-panel';
import { paymentProblem, pixAmount, PIX_NOT_CONFIRMED, type PaymentForm } from './use-payment-form';
import type { useSaleForm } from './use-sale-form';

type SaleForm = ReturnType<typeof useSaleForm>;

interface SaleSummaryProps {
  form: SaleForm;
  payment: PaymentForm;
  saleId: string;
  settings: StoreSettings | undefined;
  finishing: boolean;
  /** `pixReceived`: the cashier confirmed 'Pix recebido'. */
  onFinish: (pixReceived: boolean) => void;
  /** false: the button is in FinishBar instead. */
  withFinish: boolean;
}

/** Why the sale cannot finish yet, Pix's confirmation aside (null: it can). */
export function finishBlock(form: SaleForm, payment: PaymentForm): string | null {
  const { state, total } = form;
  return (
    // The store's start customer on its way counts as chosen while the cart is empty: the
    // hint does not flip when it arrives (nothing can be finished meanwhile anyway).
    finishError(state.customer !== null || (form.customerComing && state.lines.length === 0), state.lines) ??
    form.saleProblem ??
    paymentProblem(state.paymentMethod, total, payment.state) ??
    form.noteDocumentError
  );
}

export function SaleSummary(props: SaleSummaryProps) {
  const { form, payment, finishing, onFinish, withFinish } = props;
  const { total } = form;
  const blocked = finishBlock(form, payment) ?? form.entradaProblem;
  return (
    <Card>
      <CardHeader title="Resumo da Venda" />
      <CardContent className="flex flex-col gap-4">
        <SaleDiscountRows form={form} />
        <div className="flex items-baseline justify-between">
          <span className="text-sm text-slate-600">Total</span>
          <span className="text-2xl font-bold text-slate-900" data-testid="sale-total">
            {formatBRL(total)}
          </span>
        </div>
        {form.noteRule ? <NoteDocumentField form={form} /> : null}
        <PaymentPanel
          form={form}
          payment={payment}
          due={total}
          saleId={props.saleId}
          settings={props.settings}
          finishing={finishing}
          onPixReceived={blocked ? null : () => onFinish(true)}
        />
        {withFinish ? <FinishButton form={form} payment={payment} finishing={finishing} onFinish={onFinish} /> : null}
      </CardContent>
    </Card>
  );
}

type FinishProps = Pick<SaleSummaryProps, 'form' | 'payment' | 'finishing' | 'onFinish'>;

function FinishButton({ form, payment, finishing, onFinish, compact = false }: FinishProps & { compact?: boolean }) {
  const { state, total, entrada } = form;
  const blocked =
    finishBlock(form, payment) ??
    (pixAmount(state.paymentMethod, total, entrada, payment.state) > 0 ? PIX_NOT_CONFIRMED : null);
  return (
    <div className={cn('flex flex-col gap-2', compact && 'min-w-0 flex-1 sm:max-w-sm')}>
      <Button
        onClick={() => onFinish(false)}
        disabled={blocked !== null || finishing}
        className="h-12 w-full text-base"
      >
        {finishing ? 'Finalizando...' : 'Finalizar Venda'}
      </Button>
      {finishing ? (
        <p role="status" className="text-center text-sm text-slate-600">
          Aguarde enquanto finalizamos sua venda...
        </p>
      ) : blocked ? (
        // Left-aligned: when the reason changes (the catalogue arriving), its text starts
        // where the last one did, and nothing on screen moves.
        <p className="text-xs text-slate-600">{blocked}</p>
      ) : null}
    </div>
  );
}

/** Room kept between a focused field brought into view and the bar, in px. */
const FOCUS_GAP_PX = 8;

/**
 * The bar's scroll container keeps the bar's height clear when it brings a field into view
 * (scroll-padding), so the bar never hides the field the keyboard is in.
 */
function useKeptClearOfBar(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = bar.current;
    const scroller = el?.closest('main');
    if (!el || !scroller || typeof ResizeObserver === 'undefined') return;
    // The observer's first report comes after the frame's layout, with the bar's size: reading
    // offsetHeight here instead forced a layout of the whole till in its first render (~70 ms
    // of a phone's main thread, Lighthouse's TBT on /vendas).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? el.offsetHeight;
      scroller.style.scrollPaddingBottom = `${Math.ceil(height) + FOCUS_GAP_PX}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      scroller.style.scrollPaddingBottom = '';
    };
  }, [bar]);
}

/** Phones and tablets: the total and 'Finalizar Venda', always at the bottom of the screen. */
export function FinishBar({ form, payment, finishing, onFinish }: FinishProps) {
  const bar = useRef<HTMLDivElement>(null);
  useKeptClearOfBar(bar);
  return (
    // Sticky at the bottom of the scrolling <main>, over its padding (the negative offsets;
    // the negative bottom margin keeps it flush with the bottom at the end of the scroll too).
    // Toasts stay above it (toaster.tsx).
    <div
      ref={bar}
      data-testid="finish-bar"
      data-toasts-above=""
      className="sticky -bottom-4 z-10 -mx-4 -mb-4 mt-6 flex items-start justify-between gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 lg:-bottom-8 lg:-mx-8 lg:-mb-8 lg:px-8"
    >
      <div className="flex shrink-0 flex-col">
        <span className="text-xs text-slate-600">Total</span>
        <span className="text-xl font-bold text-slate-900">{formatBRL(form.total)}</span>
      </div>
      <FinishButton form={form} payment={payment} finishing={finishing} onFinish={onFinish} compact />
    </div>
  );
}
