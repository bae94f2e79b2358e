// Which till sold: a random id this device keeps in its IndexedDB (made on first use)
// and a name a person can read, from the browser's description of itself. Sent with each
// sale so the admins' conflicts list can say which device it came from.
import type { BalcaoDb } from './db';

export const META_DEVICE_ID = 'device.id';

export interface DeviceIdentity {
  id: string;
  label: string;
}

/** 'Android · Chrome', 'iPad · Safari', 'Windows · Firefox'... */
export function deviceLabelOf(userAgent: string): string {
  const system = /iPad/.test(userAgent)
    ? 'iPad'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /CrOS/.test(userAgent)
              ? 'Chromebook'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : 'Dispositivo';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'navegador';
  return `${system} · ${browser}`;
}

export async function deviceIdentity(db: BalcaoDb): Promise<DeviceIdentity> {
  const id = await db.transaction('rw', db.meta, async () => {
    const known = (await db.meta.get(META_DEVICE_ID))?.value;
    if (typeof known === 'string') return known;
    const made = crypto.randomUUID();
    await db.meta.put({ key: META_DEVICE_ID, value: made });
    return made;
  });
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return { id, label: deviceLabelOf(agent) };
}
