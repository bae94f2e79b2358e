import { cn } from './cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700',
        className,
      )}
    />
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
