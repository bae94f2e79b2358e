// How 'Notas Fiscais' writes a note: its status as a badge, the key in groups of four (as
// the DANFE prints it), dhEmi in the note's own local time.
import { FISCAL_NOTE_STATUS_LABELS, type FiscalNoteStatus } from '../../../shared/contract/fiscal-notes';
import { MONTH_NAMES } from '../../components/date-text';

export const STATUS_TONES: Readonly<Record<FiscalNoteStatus, 'green' | 'yellow' | 'red' | 'gray' | 'blue'>> = {
  autorizada: 'green',
  pendente: 'yellow',
  rejeitada: 'red',
  cancelada: 'gray',
  inutilizada: 'blue',
  descartada: 'gray',
};

export const statusLabel = (status: FiscalNoteStatus) => FISCAL_NOTE_STATUS_LABELS[status];

/** '3526 1111 2223 ...': the 44 digits in groups of four. */
export function groupedKey(key: string): string {
  return key.replace(/(.{4})/g, '$1 ').trim();
}

/** dhEmi '2026-11-29T10:05:09-03:00' as '29/11/2026 10:05'. */
export function localWhen(dh: string | null): string {
  if (!dh) return '';
  return `${dh.slice(8, 10)}/${dh.slice(5, 7)}/${dh.slice(0, 4)} ${dh.slice(11, 16)}`;
}

/** The month before today's, 'AAAA-MM' (what the accountant usually asks for). */
export function lastMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** How many months the package can be asked for: the XMLs are kept five years. */
export const EXPORT_MONTHS = 60;

/**
 * The months the accountant's package can be asked for, newest first, as a select lists them:
 * 'AAAA-MM' and 'novembro de 2026' (the browser's own month picker spoke the browser's language).
 */
export function exportMonths(today: string, count = EXPORT_MONTHS): { value: string; label: string }[] {
  let [y, m] = today.split('-').map(Number) as [number, number];
  const months: { value: string; label: string }[] = [];
  for (let i = 0; i < count; i++) {
    months.push({ value: `${y}-${String(m).padStart(2, '0')}`, label: `${MONTH_NAMES[m - 1]} de ${y}` });
    [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
  }
  return months;
}
