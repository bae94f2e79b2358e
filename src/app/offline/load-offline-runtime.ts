// Dexie, the sync engine and the query persister are loaded after the first paint, not
// with the first chunk: the providers ask for them here. The import runs once (a failed
// one, a chunk the network did not deliver, is tried again on the next call).
import { screenPainted } from './screen-painted';

export type OfflineRuntime = typeof import('./offline-runtime');

let loading: Promise<OfflineRuntime> | null = null;

export function loadOfflineRuntime(): Promise<OfflineRuntime> {
  return (loading ??= import('./offline-runtime').catch((err: unknown) => {
    loading = null;
    throw err;
  }));
}

/**
 * For an effect: once the first signed-in screen is painted (screen-painted.ts), loads the
 * runtime (and what `alongside` loads with it) and runs `start`, unless the effect was
 * cleaned up first; returns the effect's cleanup (which also runs what `start` returned).
 */
export function withOfflineRuntime(
  start: (runtime: OfflineRuntime) => (() => void) | void,
  alongside: () => Promise<unknown> = () => Promise.resolve(),
): () => void {
  let cancelled = false;
  let stop: (() => void) | void;
  screenPainted()
    .then(() => Promise.all([loadOfflineRuntime(), alongside()]))
    .then(([runtime]) => runtime)
    .then(
      (runtime) => {
        if (!cancelled) stop = start(runtime);
      },
      () => undefined,
    );
  return () => {
    cancelled = true;
    stop?.();
  };
}
