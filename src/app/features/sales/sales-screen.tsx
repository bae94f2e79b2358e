// Nova Venda (spec §2, §4, §5, §8): the point of sale. The form is drawn at once; while
// the device loads its first catalogue (or reads the one it has), the customer and
// product searches say 'Carregando...' (with the load's progress) and nothing can be
// added. Offline or after a failed first load, the form works with what the device has
// and says so.
import { useMirrorComplete, useMirrorHasRows, useMirrorProgress, useOnline, useSyncState } from '../../offline/hooks';
import { SaleForm, type TillCatalogue } from './sale-form';

/** Whether the till can search its catalogue yet, and if that catalogue is whole. */
function useTillCatalogue(): TillCatalogue {
  const complete = useMirrorComplete();
  const hasRows = useMirrorHasRows();
  const { mirrorLoading, progress } = useMirrorProgress();
  const online = useOnline();
  const { lastError } = useSyncState();
  // The first load is awaited, unless it cannot happen now (offline, or the server
  // failed): then the form searches what the device has.
  const firstLoad = complete === false && (mirrorLoading || (!hasRows && online && !lastError));
  if (complete === undefined || hasRows === undefined || firstLoad) return { status: 'loading', progress };
  return { status: complete ? 'complete' : 'incomplete', progress: null };
}

export function SalesScreen() {
  return <SaleForm catalogue={useTillCatalogue()} />;
}
