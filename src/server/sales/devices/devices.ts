// The store's tills (devices): the code their sale numbers start with (sale-numbers.ts hands
// it out), the browser they run in, and their name ('Caixa 1'), unique in the store whatever
// the case, so the owner tells two tablets of one make apart: a new till takes 'Caixa N' (N its
// place in the store's order) when free, and an admin renames it in Caixas.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Device, DeviceUpdate } from '../../../shared/contract';
import { inTransaction, type DbOrTx } from '../../db/client';
import { refusingDuplicates } from '../../db/errors';
import { devices, type DeviceRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';

export const DEFAULT_DEVICE_NAME = 'Caixa';
export const DEVICE_NOT_FOUND = 'Caixa (dispositivo) não encontrado.';
export const deviceNameTaken = (name: string) => `Já existe um caixa chamado '${name}' nesta loja. Escolha outro nome.`;

export const toDevice = (row: DeviceRow): Device => ({ id: row.id, code: row.code, label: row.label, name: row.name });

const own = (tenantId: string, id: string) => and(eq(devices.tenantId, tenantId), eq(devices.id, id));

export async function listDevices(db: DbOrTx, tenantId: string): Promise<Device[]> {
  const rows = await db.select().from(devices).where(eq(devices.tenantId, tenantId)).orderBy(asc(devices.createdAt));
  return rows.map(toDevice);
}

/** One till (a till reads its own name with it). */
export async function getDevice(db: DbOrTx, tenantId: string, id: string): Promise<Device> {
  const [row] = await db.select().from(devices).where(own(tenantId, id));
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return toDevice(row);
}

/** A new till's name, 'Caixa N' (its place in the store's order), unless a till already has it (then none). */
export async function defaultDeviceName(t: DbOrTx, tenantId: string, n: number): Promise<string | null> {
  const name = `${DEFAULT_DEVICE_NAME} ${n}`;
  const [taken] = await t
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), sql`lower(${devices.name}) = lower(${name})`));
  return taken ? null : name;
}

/** PUT /api/devices/{id}: the till's name (admins); another till of the store with that name is a 409. */
export async function renameDevice(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: DeviceUpdate,
  tx?: DbOrTx,
): Promise<Device> {
  const name = input.name.trim();
  const taken = () => conflict(deviceNameTaken(name));
  return refusingDuplicates({ devices_name_key: taken }, () =>
    inTransaction(db, tx, async (t) => {
      const [other] = await t
        .select({ name: devices.name })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), ne(devices.id, id), sql`lower(${devices.name}) = lower(${name})`));
      if (other) throw conflict(deviceNameTaken(other.name ?? name));
      const [row] = await t.update(devices).set({ name }).where(own(tenantId, id)).returning();
      if (!row) throw notFound(DEVICE_NOT_FOUND);
      return toDevice(row);
    }),
  );
}
