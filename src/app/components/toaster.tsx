// Renders the toasts above dialogs. On phones and tablets just below the top bar: never
// over its controls (menu, user, logout), nor over Nova Venda's 'Finalizar Venda' bar at
// the bottom; bottom-left on wide screens, where that bar does not exist and the right
// column holds Nova Venda's summary and its button (lower when the caixa bar is open). Kept
// accessible while a dialog hides the rest of the page (data-live-region).
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { CloseIcon } from './icons';
import { dismissToast, useToasts } from './toast-store';

export function Toaster() {
  const toasts = useToasts();
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div
      data-live-region=""
      aria-live="polite"
      className="pointer-events-none fixed right-0 top-16 z-[100] flex w-full flex-col gap-2 p-3 sm:max-w-sm sm:p-4 xl:bottom-0 xl:left-0 xl:right-auto xl:top-auto"
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
