// Browser facilities the sync engine leans on where they exist: persistent storage,
// Background Sync (the service worker delivers with the app closed); Web Locks: web-lock.ts.

import { BACKGROUND_SYNC_TAG } from './sender';

export { BACKGROUND_SYNC_TAG };

let persistenceRequested = false;
/** navigator.storage.persist(), once per page load: the outbox must survive storage pressure. */
export function requestPersistentStorage(): Promise<unknown> {
  if (persistenceRequested) return Promise.resolve(null);
  persistenceRequested = true;
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return Promise.resolve(null);
  return storage
    .persisted()
    .then((already) => already || storage.persist())
    .catch(() => null);
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Lets the service worker deliver the outbox even with the app closed, where supported. */
export async function registerBackgroundSync(): Promise<void> {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  // Without a controlling worker `ready` may never resolve (dev server, first visit).
  if (!container?.controller) return;
  const registration = (await container.ready) as SyncRegistration;
  await registration.sync?.register(BACKGROUND_SYNC_TAG);
}
