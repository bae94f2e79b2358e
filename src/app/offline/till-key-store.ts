// Where this till keeps the store's contingency signing key (db.ts TillKeyRecord): read it,
// keep a new one (replacing any other, in one transaction) and drop it. It knows no rule:
// which key may sign, and when one is dropped, is src/app/counter/till-key.ts's.
import { getDb, type BalcaoDb, type TillKeyRecord } from './db';
import { useDeviceQuery } from './hooks';

/** The key this till keeps, or undefined. */
export async function readTillKey(db: BalcaoDb): Promise<TillKeyRecord | undefined> {
  return (await db.tillKeys.toArray())[0];
}

/** Keeps `record` as this till's one key (any other is dropped in the same transaction). */
export async function keepTillKey(db: BalcaoDb, record: TillKeyRecord): Promise<void> {
  await db.transaction('rw', db.tillKeys, async () => {
    await db.tillKeys.clear();
    await db.tillKeys.put(record);
  });
}

/** Drops the keys `which` takes, read and deleted in one transaction; the fingerprints dropped. */
export async function dropTillKeys(db: BalcaoDb, which: (record: TillKeyRecord) => boolean): Promise<string[]> {
  return db.transaction('rw', db.tillKeys, async () => {
    const dropped = (await db.tillKeys.toArray()).filter(which).map((r) => r.fingerprint);
    await db.tillKeys.bulkDelete(dropped);
    return dropped;
  });
}

/** The kept key, live (null: none; undefined: not read yet). */
export function useTillKeyRecord(): TillKeyRecord | null | undefined {
  return useDeviceQuery(async () => (await readTillKey(getDb())) ?? null, [], undefined);
}
