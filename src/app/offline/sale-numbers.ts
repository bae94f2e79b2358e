// The sale number this till gives (shared/sale-number.ts): its code, asked of the server
// once (POST /api/devices, on the first contact after sign-in: the same device id always
// gets the same code) and kept here, and its own sequence, kept here too and moved in the
// same IndexedDB transaction that keeps the sale, so a reload, a power cut or a second tab
// never hands out a number twice. Without a code yet (the very first sale before any
// contact) the sale goes without one and the server gives the store's next.
import { DeviceResponseSchema } from '../../shared/contract/sale-history';
import { formatSaleNumber } from '../../shared/sale-number';
import { tillName } from '../../shared/till-name';
import type { ApiClient } from '../lib/api-client';
import type { BalcaoDb } from './db';
import { deviceIdentity } from './device-identity';

export const META_DEVICE_CODE = 'device.code';
/** The name an admin gave this till ('Caixa 1'), as last read from the server. */
export const META_DEVICE_NAME = 'device.name';
/** The last sequence this till used (0: none yet). */
export const META_SALE_SEQ = 'sale.seq';

export async function deviceCode(db: BalcaoDb): Promise<string | null> {
  const value = (await db.meta.get(META_DEVICE_CODE))?.value;
  return typeof value === 'string' ? value : null;
}

async function lastSeq(db: BalcaoDb): Promise<number> {
  const value = (await db.meta.get(META_SALE_SEQ))?.value;
  return typeof value === 'number' ? value : 0;
}

/** The number the next sale of this till will get, or null while it has no code. */
export async function nextSaleNumber(db: BalcaoDb): Promise<string | null> {
  const code = await deviceCode(db);
  return code ? formatSaleNumber(code, (await lastSeq(db)) + 1) : null;
}

/**
 * Marks `number` used: call inside the transaction that keeps the sale (with db.meta in
 * its scope). The sequence only grows.
 */
export async function claimSaleNumber(db: BalcaoDb, number: string | undefined): Promise<void> {
  const code = await deviceCode(db);
  if (!number || !code || !number.startsWith(`${code}-`)) return;
  const seq = Number(number.slice(code.length + 1));
  if (seq > (await lastSeq(db))) await db.meta.put({ key: META_SALE_SEQ, value: seq });
}

/** This till as people read it ('Caixa 1 (A)'), from what the device keeps; null before its first contact. */
export async function ownTillName(db: BalcaoDb): Promise<string | null> {
  const name = (await db.meta.get(META_DEVICE_NAME))?.value;
  return tillName({ name: typeof name === 'string' ? name : null, code: await deviceCode(db) });
}

async function keepDevice(db: BalcaoDb, body: unknown): Promise<string | null> {
  const parsed = DeviceResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { code, name } = parsed.data.data;
  await db.meta.bulkPut([
    { key: META_DEVICE_CODE, value: code },
    { key: META_DEVICE_NAME, value: name ?? null },
  ]);
  return code;
}

/**
 * Asks the server for this till's code when it has none yet; the code, or null (offline).
 * A till that has one reads its name again (an admin may have renamed it since).
 */
export async function ensureDeviceCode(db: BalcaoDb, client: Pick<ApiClient, 'send'>): Promise<string | null> {
  const known = await deviceCode(db);
  const device = await deviceIdentity(db);
  try {
    if (known) return (await keepDevice(db, await client.send('GET', `/devices/${device.id}`))) ?? known;
    const body = await client.send('POST', '/devices', {
      body: { id: device.id, label: device.label },
      headers: { 'Idempotency-Key': device.id },
    });
    return await keepDevice(db, body);
  } catch {
    return known;
  }
}
