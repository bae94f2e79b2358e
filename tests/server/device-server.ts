// A device against the real server, for the describe block it is called in: the app on a
// fresh database listening on a free port (so the app's own API client reaches it over
// HTTP), and the device's IndexedDB (fake-indexeddb: import 'fake-indexeddb/auto' first),
// both closed after its tests.
import { afterAll, beforeAll } from 'vitest';
import { BalcaoDb } from '../../src/app/offline/db';
import { useTestApp, type TestContext } from '../../src/server/test/helpers';
import type { TestDbKind } from '../../src/server/test/testDb';

export function useDeviceAndServer(kind: TestDbKind, device: string): { ctx: TestContext; db: BalcaoDb } {
  const ctx = useTestApp(kind);
  const db = new BalcaoDb(`${device}-${crypto.randomUUID()}`);
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => db.close());
  return { ctx, db };
}
