// The sync loop of a signed-in device. Mirror: the first load pulls the whole catalogue
// in pages (with progress); afterwards deltas on start, every minute while online, on
// the 'online' event and after the outbox delivered something. Outbox: drained on start,
// on 'online', every minute (each row's backoff decides whether it goes) and right after
// a sale is recorded, under the device-wide sender lock.
import { NetworkError, isNetworkError } from '../lib/api-error';
import type { BalcaoDb } from './db';
import { registerBackgroundSync, requestPersistentStorage } from './device';
import { pullMirror, type FetchPage, type MirrorProgress } from './mirror';
import { drainOutbox, withSenderLock, type DrainResult, type OutboxTransport } from './sender';
import { tryWebLock, type LockRunner } from './web-lock';

export const SYNC_INTERVAL_MS = 60_000;
export const MIRROR_LOCK_NAME = 'balcao-mirror-pull';
/** Set once a pull reached the end of the change log: the catalogue is whole on this device. */
export const META_MIRROR_COMPLETE = 'mirror.complete';

export interface SyncState {
  /** The browser says online and the last contact with the server did not fail on the network. */
  online: boolean;
  /** The first (whole-catalogue) load is running. */
  mirrorLoading: boolean;
  /** Progress of that first load. */
  progress: MirrorProgress | null;
  /** Last failure that was not the network (shown in the Sincronização panel). */
  lastError: string | null;
}

export interface SyncEngineOptions extends OutboxTransport {
  db: BalcaoDb;
  fetchPage: FetchPage;
  intervalMs?: number;
  pageSize?: number;
  /** Where 'online' and 'offline' are listened to (window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isBrowserOnline?: () => boolean;
  withLock?: LockRunner;
  /** One puller per device too: another tab pulling already updates this tab's mirror. */
  withPullLock?: LockRunner;
  requestPersistence?: () => Promise<unknown>;
  registerBackgroundSync?: () => Promise<unknown>;
}

export interface SyncEngine {
  start(): void;
  stop(): void;
  getState(): SyncState;
  subscribe(listener: () => void): () => void;
  /** Delivers what is ready in the outbox (then pulls when something was delivered). */
  drain(): Promise<void>;
  /** Pulls the mirror's changes. */
  pull(): Promise<void>;
  /** Outbox, then mirror: what the timer, start and the 'Sincronizar agora' button do. */
  syncNow(): Promise<void>;
  /** A sale was just written locally: try to send it now, and ask for Background Sync. */
  saleRecorded(): void;
}

/** Runs `task` alone; a call while it runs asks for one more pass afterwards. */
function singleFlight(task: () => Promise<void>, stopped: () => boolean): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again && !stopped());
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A pull interrupted by stop() (sign-out): nothing more is written. */
class EngineStopped extends Error {}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, send, batch } = options;
  const intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  const events = options.events === undefined ? (typeof window !== 'undefined' ? window : null) : options.events;
  const isBrowserOnline =
    options.isBrowserOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const withLock: LockRunner = options.withLock ?? ((fn) => withSenderLock(fn));
  const withPullLock: LockRunner = options.withPullLock ?? tryWebLock(MIRROR_LOCK_NAME);
  const persist = options.requestPersistence ?? requestPersistentStorage;
  const backgroundSync = options.registerBackgroundSync ?? registerBackgroundSync;

  let running = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let reachable = true;
  let state: SyncState = { online: isBrowserOnline(), mirrorLoading: false, progress: null, lastError: null };
  const listeners = new Set<() => void>();

  const fetchPage: FetchPage = async (since, limit) => {
    if (!running) throw new EngineStopped();
    const page = await options.fetchPage(since, limit);
    if (!running) throw new EngineStopped();
    return page;
  };

  function setState(patch: Partial<SyncState>) {
    const next = { ...state, ...patch, online: isBrowserOnline() && reachable };
    if (
      next.online === state.online &&
      next.mirrorLoading === state.mirrorLoading &&
      next.progress === state.progress &&
      next.lastError === state.lastError
    ) {
      return;
    }
    state = next;
    listeners.forEach((listener) => listener());
  }

  function contact(error: unknown | null) {
    if (error === null) {
      reachable = true;
      setState({ lastError: null });
    } else if (isNetworkError(error)) {
      reachable = false;
      setState({});
    } else {
      reachable = true;
      setState({ lastError: errorText(error) });
    }
  }

  const pull = singleFlight(
    async () => {
      if (!isBrowserOnline()) return;
      const first = (await db.meta.get(META_MIRROR_COMPLETE))?.value !== true;
      if (first) setState({ mirrorLoading: true, progress: null });
      try {
        await withPullLock(async () => {
          await pullMirror(db, fetchPage, {
            pageSize: options.pageSize,
            onProgress: first ? (progress) => setState({ progress }) : undefined,
          });
          if (!running) throw new EngineStopped();
          await db.meta.put({ key: META_MIRROR_COMPLETE, value: true });
          contact(null);
        });
      } catch (error) {
        if (!(error instanceof EngineStopped)) contact(error);
      } finally {
        if (first) setState({ mirrorLoading: false, progress: null });
      }
    },
    () => !running,
  );

  let deliveredInPass = 0;
  const drainOnce = singleFlight(
    async () => {
      if (!isBrowserOnline()) return;
      let result: DrainResult | null = null;
      try {
        result = await withLock(() => drainOutbox(db, { send, batch }));
      } catch (error) {
        contact(error);
        return;
      }
      if (!result) return; // another tab is sending
      if (result.stopped === 'network') contact(new NetworkError());
      else if (result.delivered > 0 || result.rejected > 0) contact(null);
      deliveredInPass += result.delivered;
    },
    () => !running,
  );

  async function drain() {
    await drainOnce();
    if (deliveredInPass > 0) {
      deliveredInPass = 0;
      // The server's numbers changed: bring them (and anything else new) in.
      await pull();
    }
  }

  async function syncNow() {
    await drain();
    await pull();
  }

  /** The network came back: rows waiting on a backoff from the outage go now. */
  async function onOnline() {
    reachable = true;
    setState({});
    await db.outbox
      .where('status')
      .equals('pending')
      .modify((entry) => {
        entry.nextAttemptAt = 0;
      })
      .catch(() => undefined);
    await syncNow();
  }

  const handleOnline = () => void onOnline();
  const handleOffline = () => setState({});

  return {
    start() {
      if (running) return;
      running = true;
      events?.addEventListener('online', handleOnline);
      events?.addEventListener('offline', handleOffline);
      timer = setInterval(() => void syncNow(), intervalMs);
      void persist();
      void syncNow();
    },
    stop() {
      if (!running) return;
      running = false;
      events?.removeEventListener('online', handleOnline);
      events?.removeEventListener('offline', handleOffline);
      if (timer) clearInterval(timer);
      timer = null;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    drain,
    pull,
    syncNow,
    saleRecorded() {
      void drain();
      backgroundSync().catch(() => undefined);
    },
  };
}
