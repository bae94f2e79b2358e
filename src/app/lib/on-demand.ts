// Code the app loads when first used rather than with the screen: a dialog or a panel
// (components/lazy-part.tsx) or a workflow's module (the caixa's close, a vale-troca payout).
// Installed, the service worker holds every chunk, so they load offline too; a first visit
// whose service worker is slow to take control fetches them all a moment after the first
// paint (useWarmLazyParts), so that losing the network then does not leave one unreachable.

const loaders: (() => Promise<unknown>)[] = [];

/** `load`, registered for the first visit's warm-up; call the result where the module is needed. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  loaders.push(load);
  return load;
}

/** Fetches every module loaded on demand (a failure is left to the first real use to report). */
export function loadAllOnDemand(): void {
  for (const load of loaders) load().catch(() => undefined);
}
