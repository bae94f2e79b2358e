// Renders the toasts above dialogs, at the bottom of the screen (spec: bottom-right). A bar
// kept at the bottom of the screen (Nova Venda's total and 'Finalizar Venda' on phones and
// tablets, a dialog's buttons) is marked `data-toasts-above`: when the stack would reach
// it, the stack sits just above it. From WIDE_TILL_PX up (xl) the stack is bottom-left,
// since the right column holds Nova Venda's summary and its button. At the top the caixa's
// actions (Sangria, Suprimento, Fechar Caixa) and the top bar's controls are never under a
// toast. Kept accessible while a dialog hides the rest of the page (data-live-region).
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { CloseIcon } from './icons';
import { dismissToast, useToasts } from './toast-store';

/**
 * How far above the bottom of the screen the stack goes: past the top of a marked bar that
 * reaches into the stack's band (sideways and from the bottom), else 0.
 */
export function liftAboveBars(stack: DOMRect, bars: DOMRect[], viewportHeight: number): number {
  let lift = 0;
  for (const bar of bars) {
    const beside = bar.right <= stack.left || bar.left >= stack.right;
    const below = bar.bottom <= viewportHeight - stack.height || bar.top >= viewportHeight;
    if (!beside && !below) lift = Math.max(lift, viewportHeight - bar.top);
  }
  return lift;
}

/** The stack's lift, measured while toasts show and again on scroll and resize. */
function useLift(stack: RefObject<HTMLDivElement | null>, showing: unknown): number {
  const [lift, setLift] = useState(0);
  useLayoutEffect(() => {
    const place = () => {
      const el = stack.current;
      if (!el) return;
      // Measured where the stack would sit unlifted: its band at the bottom.
      const box = el.getBoundingClientRect();
      const atBottom = new DOMRect(box.x, window.innerHeight - box.height, box.width, box.height);
      const bars = [...document.querySelectorAll('[data-toasts-above]')].map((bar) => bar.getBoundingClientRect());
      setLift(liftAboveBars(atBottom, bars, window.innerHeight));
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [stack, showing]);
  return lift;
}

export function Toaster() {
  const toasts = useToasts();
  const stack = useRef<HTMLDivElement>(null);
  const lift = useLift(stack, toasts);
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div
      ref={stack}
      data-live-region=""
      aria-live="polite"
      style={{ bottom: lift }}
      className="pointer-events-none fixed right-0 z-[100] flex w-full flex-col gap-2 p-3 sm:max-w-sm sm:p-4 xl:left-0 xl:right-auto"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{t.title}</p>
            {t.description ? (
              <p className={cn('mt-1 text-sm', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>
                {t.description}
              </p>
            ) : null}
            {t.note ? (
              <p
                className={cn(
                  'mt-1 text-sm font-medium',
                  t.variant === 'destructive' ? 'text-white' : 'text-amber-800',
                )}
              >
                {t.note}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Fechar notificação"
            onClick={() => dismissToast(t.id)}
            className={cn(
              '-m-2 inline-flex h-10 w-10 items-center justify-center rounded-md',
              t.variant === 'destructive' ? 'hover:bg-red-700' : 'hover:bg-slate-100',
            )}
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
