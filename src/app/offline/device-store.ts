// The counter's way into this device's storage: the sales kept here, the mirror's customers
// as the counter changes them, the finance overlay, typed settings (meta) and ONE unit of
// work over several stores. It knows no rule of the counter (what a sale or a caixa does
// lives in src/app/counter); the outbox's own reads and writes are outbox.ts. Nothing
// outside offline/ names a Dexie table (scripts/check-boundaries.mjs).
import type { BalcaoDb, LocalSale, MirrorCustomer, OverlayRecord } from './db';

/** The stores a unit of work may write. */
export type DeviceStore = 'outbox' | 'sales' | 'meta' | 'customers' | 'financeOverlay' | 'products' | 'productChunks';

/**
 * Runs `work` in ONE read-write transaction over `stores` (durable before it resolves:
 * BalcaoDb is 'strict'): every write in it lands, or none. Inside another unit of work it
 * joins it (its stores must be among the outer one's).
 */
export function inOneTransaction<T>(db: BalcaoDb, stores: readonly DeviceStore[], work: () => Promise<T>): Promise<T> {
  return db.transaction(
    'rw',
    stores.map((store) => db[store]),
    work,
  );
}

/** A setting kept on the device (meta) and the type of its value. */
export interface MetaKey<T> {
  readonly key: string;
  /** Never set: it only carries T. */
  readonly value?: T;
}

export const metaKey = <T>(key: string): MetaKey<T> => ({ key });

export async function readMeta<T>(db: BalcaoDb, at: MetaKey<T>): Promise<T | undefined> {
  // The one place a stored value takes its key's type: only writeMeta writes it.
  return (await db.meta.get(at.key))?.value as T | undefined;
}

export async function writeMeta<T>(db: BalcaoDb, at: MetaKey<T>, value: T): Promise<void> {
  await db.meta.put({ key: at.key, value });
}

export async function deleteMeta(db: BalcaoDb, at: MetaKey<unknown>): Promise<void> {
  await db.meta.delete(at.key);
}

/** A sale made here kept for the first time (fails if its id is kept already). */
export async function addLocalSale(db: BalcaoDb, sale: LocalSale): Promise<void> {
  await db.sales.add(sale);
}

/** A sale made here kept as it now is (replacing what was kept under its id). */
export async function putLocalSale(db: BalcaoDb, sale: LocalSale): Promise<void> {
  await db.sales.put(sale);
}

export async function updateLocalSale(db: BalcaoDb, id: string, changes: Partial<LocalSale>): Promise<void> {
  await db.sales.update(id, changes);
}

export function getLocalSale(db: BalcaoDb, id: string): Promise<LocalSale | undefined> {
  return db.sales.get(id);
}

/** The sales kept under these ids, in their order (undefined: none). */
export function getLocalSales(db: BalcaoDb, ids: readonly string[]): Promise<(LocalSale | undefined)[]> {
  return db.sales.bulkGet([...ids]);
}

/** The sales kept here that `which` takes. */
export function findLocalSales(db: BalcaoDb, which: (sale: LocalSale) => boolean): Promise<LocalSale[]> {
  return db.sales.filter(which).toArray();
}

export function getMirrorCustomer(db: BalcaoDb, id: string): Promise<MirrorCustomer | undefined> {
  return db.customers.get(id);
}

export async function putMirrorCustomer(db: BalcaoDb, customer: MirrorCustomer): Promise<void> {
  await db.customers.put(customer);
}

export async function updateMirrorCustomer(db: BalcaoDb, id: string, changes: Partial<MirrorCustomer>): Promise<void> {
  await db.customers.update(id, changes);
}

export function getOverlayRow(db: BalcaoDb, key: string): Promise<OverlayRecord | undefined> {
  return db.financeOverlay.get(key);
}

export async function putOverlayRow(db: BalcaoDb, row: OverlayRecord): Promise<void> {
  await db.financeOverlay.put(row);
}

/** The overlay rows that `which` takes. */
export function findOverlayRows(db: BalcaoDb, which: (row: OverlayRecord) => boolean): Promise<OverlayRecord[]> {
  return db.financeOverlay.filter(which).toArray();
}

/** Drops the overlay of a resource (its records as the screens show them return to the server's). */
export async function deleteOverlayOf(db: BalcaoDb, resource: string): Promise<void> {
  await db.financeOverlay.where('resource').equals(resource).delete();
}
