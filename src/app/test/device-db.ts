// Device databases for the offline tests, on fake-indexeddb: each test opens fresh ones,
// and they are closed and deleted after it, so no test sees another's outbox.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { BalcaoDb } from '../offline/db';

/** Registers the clean-up and returns the opener (a name to reopen the same database). */
export function freshDevices(prefix = 't'): (name?: string) => BalcaoDb {
  const opened: BalcaoDb[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      db.close();
      await db.delete().catch(() => undefined);
    }
  });
  return (name = `${prefix}-${crypto.randomUUID()}`) => {
    const db = new BalcaoDb(name);
    opened.push(db);
    return db;
  };
}

/** Product ids the device tests sell. */
export const P1 = '00000000-0000-4000-8000-000000000001';
export const P2 = '00000000-0000-4000-8000-000000000002';
