// Nova Venda (spec §2, §4, §5, §8): the point of sale. While the device loads its first
// catalogue the screen says 'Carregando...' with the progress; then the sale form.
import { LoadingState } from '../../components/spinner';
import { useMirrorComplete, useMirrorHasRows, useMirrorProgress, useOnline, useSyncState } from '../../offline/hooks';
import { progressText } from '../../offline/mirror';
import { SaleForm } from './sale-form';

export function SalesScreen() {
  const complete = useMirrorComplete();
  const hasRows = useMirrorHasRows();
  const { mirrorLoading, progress } = useMirrorProgress();
  const online = useOnline();
  const { lastError } = useSyncState();
  // The first load is awaited, unless it cannot happen now (offline, or the server
  // failed): then the form opens with what the device has and says so.
  const firstLoad = complete === false && (mirrorLoading || (!hasRows && online && !lastError));
  if (complete === undefined || hasRows === undefined || firstLoad) {
    return (
      <div>
        <LoadingState text="Carregando..." />
        {progress ? <p className="text-center text-sm text-slate-500">{progressText(progress)}</p> : null}
      </div>
    );
  }
  return <SaleForm catalogueIncomplete={!complete} />;
}
