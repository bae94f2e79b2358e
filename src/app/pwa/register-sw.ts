// Registers the service worker (sw/sw.ts). A new version waits until the person accepts
// it ('Nova versão disponível' / 'Atualizar'): never a reload in the middle of a sale.
//
// The browser's own API, no library: registered once the page has loaded (not competing
// with the first open for the network); a version is 'waiting' when it has installed while
// another one controls this page (the first install takes the page at once: clientsClaim in
// the worker), found at registration or as it installs; 'Atualizar' asks it to take over
// (SKIP_WAITING, the message the worker listens for) and reloads when it has.

type Listener = (waiting: boolean) => void;

let registration: ServiceWorkerRegistration | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener(value);
}

/** A version that has installed while another controls the page waits for the person. */
function watch(found: ServiceWorkerRegistration) {
  registration = found;
  const waitsForPerson = () => navigator.serviceWorker.controller !== null;
  if (found.waiting && waitsForPerson()) setWaiting(true);
  found.addEventListener('updatefound', () => {
    const installing = found.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && found.waiting === installing && waitsForPerson()) setWaiting(true);
    });
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watch, () => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Subscribe to "a new version is waiting". Returns the unsubscribe function. */
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(updateWaiting);
  return () => listeners.delete(listener);
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
