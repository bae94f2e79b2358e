// A component whose code is loaded the first time it is drawn: a dialog or a panel the
// screen does not need for its first paint (Nova Venda sells first; Pix, a return, the
// caixa's close come after). Installed, the service worker has every chunk on the device,
// so it opens offline too.
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * `name` of the module `load` imports, drawn as nothing until that module has arrived.
 * `load()` may also be called ahead (on intent) to have it ready.
 */
export function lazyPart<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Part = lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}
