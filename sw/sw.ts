/// <reference lib="webworker" />
// Service worker: precaches the app shell so the installed app opens with no network.
// Navigations fall back to index.html, but never /api or /health. No API response is
// cached: data offline comes from IndexedDB (src/app/offline), not from here.
// A new version waits until the page asks it to take over (SKIP_WAITING). Where the
// browser has Background Sync, the worker also delivers the outbox with the app closed.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BACKGROUND_SYNC_TAG } from '../src/app/offline/sender';
import { drainFromWorker } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is not in TypeScript's worker lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/health(\/|$)/],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === BACKGROUND_SYNC_TAG) event.waitUntil(drainFromWorker());
}) as EventListener);

// The first install has no page to interrupt: take control at once so the shell is
// served offline from the first visit. Later versions wait (skipWaiting above).
clientsClaim();
