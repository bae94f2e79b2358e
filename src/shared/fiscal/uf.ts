// The states as the fiscal documents name them: IBGE code (cUF, the key's first two digits)
// and the offset of their legal time, which dhEmi carries. Brazil has kept no daylight
// saving time since 2019, so each state has one offset all year. Fernando de Noronha (PE,
// UTC-2) is left out: a store there would need its own setting.
import { UF_BY_CODE } from '../nfe-key';

export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore
export type Uf = (typeof UFS)[number];

export const UF_CODE: Readonly<Record<Uf, string>> = Object.fromEntries(
  Object.entries(UF_BY_CODE).map(([code, uf]) => [uf, code]),
) as Record<Uf, string>;

/** Hours from UTC of each state's legal time. */
const UTC_OFFSET_H: Readonly<Record<Uf, number>> = Object.fromEntries(
  UFS.map((uf) => [uf, uf === 'AC' ? -5 : ['AM', 'MS', 'MT', 'RO', 'RR'].includes(uf) ? -4 : -3]),
) as Record<Uf, number>;

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the state's legal time writes it, with its offset:
 * '2026-11-29T13:05:09.123Z' in SP => '2026-11-29T10:05:09-03:00' (seconds, no fraction).
 */
export function localDateTime(instant: string | number | Date, uf: Uf): string {
  const ms = new Date(instant).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`localDateTime: instante inválido (${String(instant)})`);
  const offset = UTC_OFFSET_H[uf];
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset * 3_600_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `${sign}${pad2(Math.abs(offset))}:00`
  );
}
