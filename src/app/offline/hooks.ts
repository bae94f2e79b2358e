// How screens reach the device's data: live queries over IndexedDB (they re-render when
// any tab writes) and the sync engine's state. Screens never touch Dexie directly. The
// queries start once the first signed-in screen is painted (screen-painted.ts); until
// then each hook gives its value for "not read yet".
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { getDb, type BalcaoDb, type LocalSale, type MirrorProduct, type OutboxEntry } from './db';
import { getProducts } from './product-store';
import { lastSyncAt } from './mirror';
import { api } from '../lib/api';
import { discardRejected, retryRejected } from './outbox';
import { pendingQuantities } from './stock';
import { META_MIRROR_COMPLETE, type SyncEngine, type SyncState } from './sync-engine';
import { SyncEngineContext } from './sync-engine-context';
import { useScreenPainted } from './screen-painted';
import { ensureDeviceCode, nextSaleNumber } from './sale-numbers';

/** useLiveQuery, started only once the first signed-in screen is painted. */
export function useDeviceQuery<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined;
export function useDeviceQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D;
export function useDeviceQuery<T, D>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  defaultResult?: D,
): T | D | undefined {
  const painted = useScreenPainted();
  return useLiveQuery<T | D | undefined, D | undefined>(
    painted ? querier : () => defaultResult,
    [painted, ...deps],
    defaultResult,
  );
}

/**
 * A live query that starts at once (no wait for the first paint): for what a screen opened
 * after it reads (a dialog, the till's session once painted).
 */
export const useLiveDeviceQuery = useLiveQuery;

export function useSyncEngine(): SyncEngine | null {
  return useContext(SyncEngineContext);
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribeBrowserOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const IDLE: SyncState = { online: true, mirrorLoading: false, progress: null, lastError: null };
const noSubscription = () => () => undefined;

/** The engine's state (idle when no one is signed in). */
export function useSyncState(): SyncState {
  const engine = useSyncEngine();
  return useSyncExternalStore(
    engine ? engine.subscribe : noSubscription,
    () => engine?.getState() ?? IDLE,
    () => IDLE,
  );
}

/** Online as far as the till can tell: the browser has a network and the server answered. */
export function useOnline(): boolean {
  const state = useSyncState();
  const browser = useSyncExternalStore(subscribeBrowserOnline, browserOnline, () => true);
  return browser && state.online;
}

/** The first catalogue load: whether it runs and how far it got. */
export function useMirrorProgress(): Pick<SyncState, 'mirrorLoading' | 'progress'> {
  const { mirrorLoading, progress } = useSyncState();
  return { mirrorLoading, progress };
}

/** Whether a pull ever reached the end of the change log here; undefined while reading. */
export function useMirrorComplete(): boolean | undefined {
  return useDeviceQuery(async () => (await getDb().meta.get(META_MIRROR_COMPLETE))?.value === true, []);
}

/** Changes waiting for delivery (rejected ones are counted apart). */
export function usePendingCount(): number {
  return useDeviceQuery(() => getDb().outbox.where('status').equals('pending').count(), [], 0);
}

export function useRejectedCount(): number {
  return useDeviceQuery(() => getDb().outbox.where('status').equals('rejected').count(), [], 0);
}

/** What waits for delivery, sales and other changes apart: the logout warning. */
export function useUnsyncedCounts(): { sales: number; changes: number } {
  return useDeviceQuery(
    async () => {
      const pending = await getDb().outbox.where('status').equals('pending').toArray();
      const sales = pending.filter((e) => e.kind === 'sale').length;
      return { sales, changes: pending.length - sales };
    },
    [],
    NOTHING_UNSYNCED,
  );
}
const NOTHING_UNSYNCED = { sales: 0, changes: 0 };

/** epoch ms of the last successful mirror pull; null when never; undefined while reading. */
export function useLastSyncAt(): number | null | undefined {
  return useDeviceQuery(() => lastSyncAt(getDb()), []);
}

export function useOutboxEntries(): { pending: OutboxEntry[]; rejected: OutboxEntry[] } | undefined {
  return useDeviceQuery(async () => {
    const all = await getDb().outbox.orderBy('seq').toArray();
    return { pending: all.filter((e) => e.status === 'pending'), rejected: all.filter((e) => e.status === 'rejected') };
  }, []);
}

export const CONFLICT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Sales of the last 30 days the server accepted with stock conflicts. */
export function useConflictSales(): LocalSale[] {
  return useDeviceQuery(
    () =>
      getDb()
        .sales.where('createdAt')
        .above(Date.now() - CONFLICT_WINDOW_MS)
        .filter((s) => s.conflicts > 0)
        .reverse()
        .sortBy('createdAt'),
    [],
    [],
  );
}

/** One sale finished at this till, as the device keeps it (null: none with that id; undefined: not read yet). */
export function useLocalSale(id: string | null): LocalSale | null | undefined {
  return useDeviceQuery(async () => (id ? ((await getDb().sales.get(id)) ?? null) : null), [id]);
}

/** Mirrored products by id, in the ids' order (undefined: not on this device, or not read yet). */
export function useProductsById(ids: readonly string[]): readonly (MirrorProduct | undefined)[] {
  const key = ids.join(',');
  return useDeviceQuery(() => getProducts(getDb(), ids), [key], NO_PRODUCTS);
}
const NO_PRODUCTS: readonly (MirrorProduct | undefined)[] = [];

/** product id => units in sales not yet acknowledged (the stock overlay). */
export function usePendingQuantities(): ReadonlyMap<string, number> {
  return useDeviceQuery(() => pendingQuantities(getDb()), [], EMPTY_MAP);
}
const EMPTY_MAP: ReadonlyMap<string, number> = new Map();

/** Runs a change that queues outbox rows, then asks the engine to send them. */
export function useQueuing<A extends unknown[], R>(
  record: (db: BalcaoDb, ...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const engine = useSyncEngine();
  return useCallback(
    async (...args: A) => {
      const result = await record(getDb(), ...args);
      void engine?.drain();
      return result;
    },
    [engine, record],
  );
}

/** Admin actions on a rejected entry (each after a confirm in the panel). */
export function useOutboxActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      async retry(id: string) {
        await retryRejected(getDb(), id);
        void engine?.drain();
      },
      discard: (id: string) => discardRejected(getDb(), id),
      syncNow: () => engine?.syncNow() ?? Promise.resolve(),
    }),
    [engine],
  );
}

/**
 * The number this till's next sale will get ('A-0042'; sale-numbers.ts), live: it moves
 * when any tab keeps a sale. Online, a till without a code yet asks the server for one.
 * null while there is none (the sale then takes the store's number on arrival).
 */
export function useNextSaleNumber(): string | null {
  const online = useOnline();
  const painted = useScreenPainted();
  const number = useDeviceQuery(() => nextSaleNumber(getDb()), [], null);
  // The database waits for the first paint (screen-painted.ts), the code's request too. Once
  // online per till screen: the code when it has none, else its name again (an admin renames
  // tills); not again when the code it asked for arrives.
  useEffect(() => {
    if (painted && online) void ensureDeviceCode(getDb(), api);
  }, [painted, online]);
  return number;
}

/** This till's sales the server has not acknowledged yet, newest first (the history shows them). */
export function useUndeliveredSales(): LocalSale[] {
  return useDeviceQuery(
    () => getDb().sales.where('state').anyOf('pending', 'rejected').reverse().sortBy('createdAt'),
    [],
    NO_SALES,
  );
}
const NO_SALES: LocalSale[] = [];
