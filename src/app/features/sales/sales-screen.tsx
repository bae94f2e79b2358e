// Nova Venda (spec §2, §4, §5, §8): the point of sale. The form is drawn at once; while
// the device loads its first catalogue (or reads the one it has), the customer and
// product searches say 'Carregando...' (with the load's progress) and nothing can be
// added. Offline or after a failed first load, the form works with what the device has
// and says so. The keyboard starts where the till does (use-till-focus.ts).
import { useRef } from 'react';
import { useWarmLazyParts } from '../../components/lazy-part';
import { useCaixa } from '../../counter/caixa-hooks';
import { useMirrorComplete, useMirrorProgress, useOnline, useSyncState } from '../../offline/hooks';
import { CaixaBar } from './caixa-bar';
import { SaleForm, type TillCatalogue } from './sale-form';
import { useTillFocus } from './use-till-focus';

/** Whether the till can search its catalogue yet, and if that catalogue is whole. */
function useTillCatalogue(): TillCatalogue {
  const complete = useMirrorComplete();
  const { progress } = useMirrorProgress();
  const online = useOnline();
  const { lastError } = useSyncState();
  if (complete) return { status: 'complete', progress: null };
  // Not whole yet: a first load runs, is about to (the outbox goes first), or has just
  // ended and its mark is being read. Waited for, unless it cannot happen now (offline,
  // or the server failed): then the till sells from what the device has, and says so.
  // (Going by the engine's 'loading' flag instead showed that note for a moment at the
  // end of every first load, between the flag and the mark, and moved the whole form.)
  if (complete === undefined || (online && !lastError)) return { status: 'loading', progress };
  return { status: 'incomplete', progress: null };
}

export function SalesScreen() {
  const catalogue = useTillCatalogue();
  const searchRef = useRef<HTMLInputElement>(null);
  const floatRef = useRef<HTMLInputElement>(null);
  const focusSearch = useTillFocus(useCaixa(), { search: searchRef, float: floatRef });
  // Its dialogs load when first opened (lazy-part.tsx), or on a first visit whose service worker is slow.
  useWarmLazyParts();
  return (
    <>
      <CaixaBar floatRef={floatRef} onOpened={focusSearch} />
      <SaleForm catalogue={catalogue} searchRef={searchRef} onFinished={focusSearch} />
    </>
  );
}
