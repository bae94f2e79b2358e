import { cn } from './cn';

/** `className` sets the size (h-6 w-6 unless given) and the position. */
export function Spinner({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-spin rounded-full border-2 border-slate-300 border-t-blue-700', className)}
    />
  );
}

/** A small spinner and 'Carregando...' on one line, for a card's header. */
export function InlineLoading({ text = 'Carregando...' }: { text?: string }) {
  return (
    <span role="status" className="flex items-center gap-2 text-xs text-slate-600">
      <Spinner className="h-4 w-4" />
      {text}
    </span>
  );
}

/** A centered spinner with a text, for a whole page or a panel. */
export function LoadingState({ text = 'Carregando...', fullPage = false }: { text?: string; fullPage?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-sm text-slate-600',
        fullPage ? 'min-h-screen' : 'py-16',
      )}
    >
      <Spinner className="h-8 w-8" />
      <span>{text}</span>
    </div>
  );
}
