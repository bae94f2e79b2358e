// A list's card (spec §8): its header, then the list once it has loaded, or why it did
// not load with 'Tentar novamente' (and a toast), or its loading text ('Carregando
// contas a pagar...'). Also the header's 'Nova …' button, the 'did not load' block alone,
// and a query's content without the card.
import type { ReactNode } from 'react';
import { describeError } from '../lib/api-error';
import { Button } from './button';
import { Card, CardHeader } from './card';
import { cn } from './cn';
import { PlusIcon } from './icons';
import { LoadingState } from './spinner';
import { useErrorToast } from './use-error-toast';

interface ListCardProps<T> {
  title: string;
  actions?: ReactNode;
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** What the list holds, for its loading and error texts ('contas a pagar'). */
  what: string;
  children: (data: T) => ReactNode;
}

export function ListCard<T>({ title, actions, query, what, children }: ListCardProps<T>) {
  const errorText = `Erro ao carregar ${what}`;
  useErrorToast(query.error, 'Erro', errorText);
  return (
    <Card>
      <CardHeader title={title} actions={actions} />
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <LoadFailed
          text={describeError(query.error, errorText)}
          onRetry={() => void query.refetch()}
          className="px-4 py-12 text-center"
        />
      ) : (
        <LoadingState text={`Carregando ${what}...`} />
      )}
    </Card>
  );
}

/** Why something did not load, with 'Tentar novamente' (`className`: its padding). */
export function LoadFailed({ text, onRetry, className }: { text: string; onRetry: () => void; className: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 text-sm text-slate-600', className)}>
      <p>{text}</p>
      <Button variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

/** A header's button that opens the form of a new record ('Nova Conta'). */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon className="h-4 w-4" />
      {label}
    </Button>
  );
}

/**
 * What a query fetched, given to `children`; `loading` while it loads; `failed` with
 * 'Tentar novamente' when it failed (`failedClassName`: its padding).
 */
export function QueryContent<T>(props: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  loading: string;
  failed: string;
  failedClassName: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <LoadingState text={props.loading} />;
  if (query.isError || query.data === undefined) {
    return <LoadFailed text={props.failed} onRetry={() => void query.refetch()} className={props.failedClassName} />;
  }
  return props.children(query.data);
}
