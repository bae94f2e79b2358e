// One tab's states (spec §2, §8): its loading text, its error text (with the server's
// reason and a retry), or the report; offline, above it, when its data was fetched.
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { OfflineNote } from '../../components/offline-note';
import { LoadingState } from '../../components/spinner';
import { describeError } from '../../lib/api-error';
import { useOnline } from '../../offline/hooks';

interface ReportPanelProps<T> {
  query: { data: T | undefined; dataUpdatedAt: number; isError: boolean; error: unknown; refetch: () => unknown };
  loadingText: string;
  errorText: string;
  children: (data: T) => ReactNode;
}

export function ReportPanel<T>(props: ReportPanelProps<T>) {
  const online = useOnline();
  return (
    <>
      <OfflineNote online={online} updatedAt={props.query.dataUpdatedAt} />
      <PanelBody {...props} />
    </>
  );
}

function PanelBody<T>({ query, loadingText, errorText, children }: ReportPanelProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const reason = describeError(query.error, errorText);
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-12 text-center text-sm">
        <p className="font-medium text-red-700">{errorText}</p>
        {reason !== errorText ? <p className="text-slate-600">{reason}</p> : null}
        <Button variant="outline" className="mt-2 print:hidden" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return <LoadingState text={loadingText} />;
}
