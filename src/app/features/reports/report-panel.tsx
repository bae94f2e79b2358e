// One tab's states (spec §2, §8): its loading text, its error text (with the server's
// reason and a retry), or the report; offline, above it, when its data was fetched.
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { OfflineNote } from '../../components/offline-note';
import { LoadingState } from '../../components/spinner';
import { describeError } from '../../lib/api-error';
import { useOnline } from '../../offline/hooks';
import type { ReportRange } from './api';
import { tabOf, type ReportTab } from './report-tabs';

interface ReportQuery<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface ReportPanelProps<T> {
  query: ReportQuery<T>;
  /** The tab whose loading and error texts the panel shows. */
  tab: ReportTab['value'];
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

/** A tab that shows one report of the chosen period: its query's states, then `View`. */
export function periodTab<T>(
  tab: ReportTab['value'],
  useReport: (range: ReportRange) => ReportQuery<T>,
  View: (props: { data: T; range: ReportRange }) => ReactNode,
) {
  return function PeriodTab({ range }: { range: ReportRange }) {
    const query = useReport(range);
    return (
      <ReportPanel query={query} tab={tab}>
        {(data) => <View data={data} range={range} />}
      </ReportPanel>
    );
  };
}

function PanelBody<T>({ query, tab, children }: ReportPanelProps<T>) {
  const { loadingText, errorText } = tabOf(tab);
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
