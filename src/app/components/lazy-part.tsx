// A component whose code is loaded the first time it is drawn: a dialog or a panel the
// screen does not need for its first paint (Nova Venda sells first; Pix, a return, the
// caixa's close come after). Installed, the service worker has every chunk on the device,
// so it opens offline too; before it has taken control (the first minutes of a first
// visit), useWarmLazyParts() fetches them once the screen is painted.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { screenPainted } from '../offline/screen-painted';
import { toastError } from './toast-store';

/** Every lazy part's import, for the warm-up. */
const loaders: (() => Promise<unknown>)[] = [];

/** How long a warm-up waits for an idle moment after the first paint, at most. */
const WARM_IDLE_MAX_MS = 2000;

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
  loaders.push(load);
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
 * Once the screen is painted and the browser is idle, loads the lazy parts when no
 * service worker controls the page yet (its precache would have them): a first visit that
 * loses the network before the service worker is installed still opens its dialogs.
 */
export function useWarmLazyParts(): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void screenPainted().then(() => {
      const warm = () => {
        if (cancelled || navigator.serviceWorker.controller) return;
        for (const load of loaders) load().catch(() => undefined);
      };
      if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: WARM_IDLE_MAX_MS });
      else setTimeout(warm, 0);
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
