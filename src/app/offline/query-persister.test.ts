import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { freshDevices } from '../test/device-db';
import { ANSWER_JOURNAL_KEY, ANSWER_JOURNAL_MAX_CHARS, keepUnsavedAnswers, readJournal } from './answer-journal';
import { forgetSession } from './offline-runtime';
import { persistQueryCache, pruneQueryCache, QUERY_PERSIST_MAX_AGE_MS, restoreQueryCache } from './query-persister';
import { clearSessionData } from './session-cache';

const openDb = freshDevices('q');

const ANA = 'user-ana';
const BETO = 'user-beto';
const KEY = ['finance', 'receivables', 'list', { page: 1 }];

/** A client whose queries never reach the network (the device is offline). */
function offlineClient() {
  return new QueryClient({ defaultOptions: { queries: { networkMode: 'online', retry: false } } });
}

describe('query cache persister', () => {
  it("survives an app restart: a query opened offline gets the owner's last answer and its fetch time", async () => {
    const name = `q-${crypto.randomUUID()}`;
    const db = openDb(name);
    const online = new QueryClient();
    const stop = persistQueryCache(db, online, ANA);
    await online.fetchQuery({ queryKey: KEY, queryFn: async () => ({ total: 12345 }) });
    const fetchedAt = online.getQueryState(KEY)!.dataUpdatedAt;
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();
    db.close();

    // The app starts again: a new database handle, a new client, no network.
    const reopened = openDb(name);
    const client = offlineClient();
    const stopAgain = persistQueryCache(reopened, client, ANA);
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: () => new Promise<never>(() => undefined),
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ total: 12345 }));
    expect(client.getQueryState(KEY)!.dataUpdatedAt).toBe(fetchedAt);
    expect(seen.at(-1)).toEqual({ total: 12345 });
    unsubscribe();
    stopAgain();
  });

  it('writes answers that arrived before persisting started (the first screen comes before the database)', async () => {
    const db = openDb();
    const client = new QueryClient();
    await client.fetchQuery({ queryKey: KEY, queryFn: async () => ({ total: 7 }) });
    const stop = persistQueryCache(db, client, ANA);
    await vi.waitFor(async () => expect((await db.queryCache.toArray()).map((row) => row.owner)).toEqual([ANA]));
    expect(((await db.queryCache.toArray())[0]!.value as { state: { data: unknown } }).state.data).toEqual({
      total: 7,
    });
    stop();
  });

  it('writes an answer as it arrives, with no timer in between', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const db = openDb();
    await db.open();
    const client = new QueryClient();
    const stop = persistQueryCache(db, client, ANA);
    await client.fetchQuery({ queryKey: KEY, queryFn: async () => ({ total: 3 }) });
    // fake-indexeddb completes on setImmediate, which stays real: only the write's own timers would wait.
    for (let i = 0; i < 50 && (await db.queryCache.count()) === 0; i++) await new Promise((r) => setImmediate(r));
    expect(await db.queryCache.count()).toBe(1);
    stop();
  });

  it('a page left before its database opened: the next start moves the journaled answer in and shows it offline', async () => {
    const name = `q-${crypto.randomUUID()}`;
    // The first page: the answer arrives, and the person leaves before persisting starts.
    const first = new QueryClient();
    const stopJournal = keepUnsavedAnswers(first, ANA);
    await first.fetchQuery({ queryKey: KEY, queryFn: async () => ({ total: 99 }) });
    window.dispatchEvent(new Event('pagehide'));
    stopJournal();
    expect(readJournal().map((row) => [row.key, row.owner])).toEqual([[JSON.stringify(KEY), ANA]]);

    // The next page, offline, asks for the same screen.
    const db = openDb(name);
    const client = offlineClient();
    client.getQueryCache().build(client, { queryKey: KEY });
    const stop = persistQueryCache(db, client, ANA);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ total: 99 }));
    expect(client.getQueryState(KEY)!.dataUpdatedAt).toBe(first.getQueryState(KEY)!.dataUpdatedAt);
    expect(await db.queryCache.count()).toBe(1);
    expect(window.localStorage.getItem(ANSWER_JOURNAL_KEY)).toBeNull();
    stop();
  });

  it("a journaled answer never overwrites a newer stored one, and another user's is dropped", async () => {
    const db = openDb();
    const source = new QueryClient();
    const stopJournal = keepUnsavedAnswers(source, BETO);
    await source.fetchQuery({ queryKey: ['beto'], queryFn: async () => 'do Beto' });
    window.dispatchEvent(new Event('pagehide'));
    stopJournal();
    const older = new QueryClient();
    const stopOlder = keepUnsavedAnswers(older, ANA);
    older.setQueryData(KEY, 'antigo', { updatedAt: 1_000 });
    window.dispatchEvent(new Event('pagehide'));
    stopOlder();
    // Ana's journal replaced Beto's (one person signed in at a time).
    expect(readJournal().map((row) => row.owner)).toEqual([ANA]);
    await db.queryCache.put({ key: JSON.stringify(KEY), value: {}, updatedAt: 2_000, owner: ANA });

    const stop = persistQueryCache(db, new QueryClient(), ANA);
    await vi.waitFor(() => expect(window.localStorage.getItem(ANSWER_JOURNAL_KEY)).toBeNull());
    expect((await db.queryCache.toArray()).map((row) => row.updatedAt)).toEqual([2_000]);
    stop();
  });

  it('the journal keeps the answers that fit, leaving out one too large for it alone', () => {
    const client = new QueryClient();
    const stop = keepUnsavedAnswers(client, ANA);
    client.setQueryData(['finance', 'payables'], { total: 1 });
    client.setQueryData(['products', 'list'], 'x'.repeat(ANSWER_JOURNAL_MAX_CHARS));
    client.setQueryData(['finance', 'receivables'], { total: 2 });
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(readJournal().map((row) => row.value.queryKey)).toEqual([
      ['finance', 'payables'],
      ['finance', 'receivables'],
    ]);
  });

  it("never shows another user's cached answers, and prunes them and stale ones", async () => {
    const db = openDb();
    const ana = new QueryClient();
    const stop = persistQueryCache(db, ana, ANA);
    await ana.fetchQuery({ queryKey: KEY, queryFn: async () => 'da Ana' });
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();
    await db.queryCache.put({
      key: '["antigo"]',
      value: {},
      updatedAt: Date.now() - QUERY_PERSIST_MAX_AGE_MS - 1,
      owner: BETO,
    });

    const beto = offlineClient();
    const stopBeto = persistQueryCache(db, beto, BETO);
    beto.getQueryCache().build(beto, { queryKey: KEY });
    await new Promise((r) => setTimeout(r, 50));
    expect(beto.getQueryData(KEY)).toBeUndefined();
    stopBeto();

    await pruneQueryCache(db, BETO);
    expect(await db.queryCache.count()).toBe(0);
  });

  it('restores everything of the owner at once, a newer answer in memory winning', async () => {
    const db = openDb();
    const source = new QueryClient();
    await source.fetchQuery({ queryKey: ['a'], queryFn: async () => 'old' });
    const stop = persistQueryCache(db, source, ANA);
    source.setQueryData(['a'], 'persisted');
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();

    const target = new QueryClient();
    target.setQueryData(['a'], 'fresher', { updatedAt: Date.now() + 60_000 });
    expect(await restoreQueryCache(db, target, ANA)).toBe(1);
    expect(target.getQueryData(['a'])).toBe('fresher');
  });

  it('is cleared at sign-out; the outbox and the overlay of queued changes stay', async () => {
    const db = openDb();
    const client = new QueryClient();
    const stop = persistQueryCache(db, client, ANA);
    await client.fetchQuery({ queryKey: KEY, queryFn: async () => 1 });
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();
    await db.outbox.add({
      id: 'e1',
      kind: 'account',
      method: 'POST',
      path: '/api/accounts-payable/x/mark-as-paid',
      body: {},
      status: 'pending',
      dependsOn: [],
      attempts: 0,
      nextAttemptAt: 0,
      leaseUntil: 0,
      createdAt: 0,
      lastError: null,
      rejection: null,
      summary: 'Pagamento',
      resource: 'payable:x',
    });
    await db.financeOverlay.put({
      key: 'payable:x',
      kind: 'payable',
      id: 'x',
      resource: 'payable:x',
      server: null,
      local: null,
      updatedAt: 0,
      syncedAt: null,
    });
    await clearSessionData(db);
    expect(await db.queryCache.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.financeOverlay.count()).toBe(1);
  });

  it('sign-out empties the journal too', async () => {
    const left = new QueryClient();
    const stopJournal = keepUnsavedAnswers(left, ANA);
    left.setQueryData(['não gravada'], 1);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    stopJournal();
    expect(readJournal()).toHaveLength(1);
    await forgetSession();
    expect(readJournal()).toEqual([]);
  });
});
