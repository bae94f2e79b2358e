// A component whose code is loaded the first time it is drawn: a dialog or a panel the
// screen does not need for its first paint (Nova Venda sells first; Pix, a return, the
// caixa's close come after). Installed, the service worker has every chunk on the device,
// so it opens offline too; on a first visit whose service worker is slow to take control,
// useWarmLazyParts() fetches them.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { loadAllOnDemand, onDemand } from '../lib/on-demand';
import { screenPainted } from '../offline/screen-painted';
import { toastError } from './toast-store';

/** How long after the first paint a first visit waits for the service worker before loading the lazy parts itself. */
const WARM_AFTER_MS = 3000;

function Unavailable() {
  return null;
}

/**
 * `name` of the module `load` imports, drawn as nothing until that module has arrived.
 * A module that could not be loaded (offline, not on the device yet) says so in a toast
 * and draws nothing, never taking the screen down; the next time it is drawn, it tries again.
 */
export function lazyPart<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  onDemand(load);
  const attempt = () =>
    lazy<ComponentType<P>>(async () => {
      try {
        return { default: (await load())[name] };
      } catch {
        Part = attempt();
        toastError(
          'Não foi possível abrir',
          'Esta parte do aplicativo ainda não está no aparelho: conecte-se à internet e tente de novo.',
        );
        return { default: Unavailable };
      }
    });
  let Part = attempt();
  function LazyPart(props: P) {
    const Current = Part;
    return (
      <Suspense fallback={null}>
        <Current {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}

/**
 * A first visit's fallback: the service worker, installing, downloads every chunk and then
 * takes control of the page; if it has not within WARM_AFTER_MS of the screen's paint (a
 * slow network, a busy phone), the page loads the lazy parts itself, so a first visit that
 * loses the network before the service worker is ready still opens its dialogs.
 */
export function useWarmLazyParts(): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void screenPainted().then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        if (navigator.serviceWorker.controller) return;
        loadAllOnDemand();
      }, WARM_AFTER_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
}
