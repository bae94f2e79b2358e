// Always visible in the top bar: online/offline, pending changes, last sync time, and the
// first catalogue load's progress. Opens the 'Sincronização' panel.
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { useLastSyncAt, useMirrorProgress, useOnline, usePendingCount, useRejectedCount } from '../../offline/hooks';
import { lastSyncText, mirrorLoadingText, pendingText, rejectedText } from './sync-format';
import { lazyPart } from '../../components/lazy-part';

// Loaded the first time it opens: every screen shows the status, few open the panel.
const SyncPanel = lazyPart(() => import('./sync-panel'), 'SyncPanel');

export function SyncStatus() {
  const online = useOnline();
  const pending = usePendingCount();
  const rejected = useRejectedCount();
  const lastSync = useLastSyncAt();
  const { mirrorLoading, progress } = useMirrorProgress();
  const [open, setOpen] = useState(false);
  const detail = mirrorLoading ? mirrorLoadingText(progress) : lastSyncText(lastSync);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title="Sincronização"
        data-testid="sync-status"
        className="flex h-10 min-w-0 items-center gap-2 rounded-md px-2 text-xs text-slate-600 hover:bg-slate-100"
      >
        <Badge tone={online ? 'green' : 'red'}>{online ? 'Online' : 'Offline'}</Badge>
        {pending > 0 ? <Badge tone="yellow">{pendingText(pending)}</Badge> : null}
        {rejected > 0 ? <Badge tone="red">{rejectedText(rejected)}</Badge> : null}
        {detail ? (
          <span className={mirrorLoading ? 'truncate' : 'hidden truncate md:inline'} aria-live="polite">
            {detail}
          </span>
        ) : null}
      </button>
      {open ? <SyncPanel open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
