// Registers the service worker (sw/sw.ts). A new version waits until the person accepts
// it ('Nova versão disponível' / 'Atualizar'): never a reload in the middle of a sale.
import { Workbox } from 'workbox-window';

type Listener = (waiting: boolean) => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener(value);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setWaiting(true));
  void workbox.register();
}

/** Subscribe to "a new version is waiting". Returns the unsubscribe function. */
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(updateWaiting);
  return () => listeners.delete(listener);
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
