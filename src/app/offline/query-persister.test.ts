import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BalcaoDb } from './db';
import { persistQueryCache, QUERY_PERSIST_MAX_AGE_MS, restoreQueryCache } from './query-persister';

const dbs: BalcaoDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

function openDb() {
  const db = new BalcaoDb(`q-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}

describe('query cache persister', () => {
  it('writes successful queries (throttled) and restores them into a new client', async () => {
    const db = openDb();
    const online = new QueryClient();
    const stop = persistQueryCache(db, online, 10);
    await online.fetchQuery({ queryKey: ['receivables', 'list', 1], queryFn: async () => ({ total: 12345 }) });
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();

    // The device reopens offline: the screen's query has its last data at once.
    const offline = new QueryClient();
    expect(await restoreQueryCache(db, offline)).toBe(1);
    expect(offline.getQueryData(['receivables', 'list', 1])).toEqual({ total: 12345 });
  });

  it('does not overwrite a newer answer, and drops entries older than the maximum age', async () => {
    const db = openDb();
    const source = new QueryClient();
    await source.fetchQuery({ queryKey: ['a'], queryFn: async () => 'old' });
    const stop = persistQueryCache(db, source, 0);
    source.setQueryData(['a'], 'persisted');
    await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(1));
    stop();
    await db.queryCache.put({ key: '["ancient"]', value: {}, updatedAt: Date.now() - QUERY_PERSIST_MAX_AGE_MS - 1 });

    const target = new QueryClient();
    target.setQueryData(['a'], 'fresher', { updatedAt: Date.now() + 60_000 });
    await restoreQueryCache(db, target);
    expect(target.getQueryData(['a'])).toBe('fresher');
    expect(await db.queryCache.get('["ancient"]')).toBeUndefined();
  });
});
