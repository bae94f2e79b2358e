// Work the person waits on, such as a file being sent, read or written: a polite status
// with a spinner, what is being done, and a bar that fills while how much is done is known
// (`done` of `total`) and runs without an end while it is not (the server working).
import { cn } from './cn';
import { Spinner } from './spinner';

export function ProgressStatus({
  text,
  done,
  total,
  label = 'Progresso da importação',
  barClassName,
}: {
  text: string;
  /** With `total`: the bar's value; without, a bar without an end. */
  done?: number;
  total?: number;
  /** The bar's accessible name. */
  label?: string;
  barClassName?: string;
}) {
  return (
    <div className="flex items-center gap-3" role="status" aria-live="polite">
      <Spinner className="h-5 w-5" />
      <div className="flex-1">
        <p className="text-sm text-slate-700">{text}</p>
        <progress
          className={cn('h-2 w-full', barClassName)}
          aria-label={label}
          {...(done !== undefined ? { max: total, value: done } : {})}
        />
      </div>
    </div>
  );
}
