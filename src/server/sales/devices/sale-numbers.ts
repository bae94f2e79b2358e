// Sale numbers (shared/sale-number.ts). A till makes its own ('A-0042': its code and its
// own sequence) without the network; its code comes from here, once, on its first contact
// (registerDevice: the store's counter hands codes out in order, so no two tills share one).
// A sale that arrives without a number, or with one the store already has (a till whose
// storage was restored from a copy), takes the next of the store's own sequence ('0107'):
// the sale happened and is kept, under a number nobody else has. The store's sequence is a
// PostgreSQL sequence (db/functions.sql sale_numbers_next): taking from it waits for no
// other sale's transaction, and a number once taken is never given again, even when its
// sale rolls back (the store's numbers may then skip one: gaps are acceptable).
import { and, eq, sql } from 'drizzle-orm';
import type { Device } from '../../../shared/contract';
import { deviceCodeOf, formatSaleNumber } from '../../../shared/sale-number';
import { executeNamed, inTransaction, type DbOrTx } from '../../db/client';
import { devices, saleCounters } from '../../db/schema';
import { defaultDeviceName, toDevice } from './devices';

/** `n` numbers of the store's own sequence, increasing, not always consecutive (one statement; db/functions.sql). */
export async function takeSaleNumbers(t: DbOrTx, tenantId: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const { rows } = await executeNamed<{ numbers: (string | number)[] }>(
    t,
    sql`SELECT sale_numbers_next(${tenantId}::uuid, ${n}::integer) AS numbers`,
  );
  return rows[0]!.numbers.map((seq) => formatSaleNumber(null, Number(seq)));
}

/** The till's code: the one it was given, or the next one (its first contact). */
export async function registerDevice(
  db: DbOrTx,
  tenantId: string,
  input: { id: string; label?: string | undefined },
  tx?: DbOrTx,
): Promise<Device> {
  return inTransaction(db, tx, async (t) => {
    const own = and(eq(devices.tenantId, tenantId), eq(devices.id, input.id));
    const [known] = await t.select().from(devices).where(own);
    if (known) return toDevice(known);
    const [counter] = await t
      .insert(saleCounters)
      .values({ tenantId, devices: 1 })
      .onConflictDoUpdate({ target: saleCounters.tenantId, set: { devices: sql`${saleCounters.devices} + 1` } })
      .returning({ devices: saleCounters.devices });
    const [row] = await t
      .insert(devices)
      .values({
        tenantId,
        id: input.id,
        code: deviceCodeOf(counter!.devices),
        label: input.label?.trim() || null,
        name: await defaultDeviceName(t, tenantId, counter!.devices),
      })
      .onConflictDoNothing()
      .returning();
    // The same till asked twice at once: the first one's code stands (this one's number is skipped).
    if (row) return toDevice(row);
    const [first] = await t.select().from(devices).where(own);
    return toDevice(first!);
  });
}
