// A date as a person types it, dd/mm/aaaa, whatever the browser's language: the mask
// that puts the slashes in by itself, the reading of the text into 'YYYY-MM-DD' and the
// pt-BR sentence that says what is wrong with it. Month and weekday names for the
// calendar live here too, written out so no browser's locale data decides them.
import { formatDate, isIsoDate } from '../../shared/dates';

export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** Sunday first, as Brazilian calendars print them. */
export const WEEKDAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;
export const WEEKDAY_SHORT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

/** The years a date of the store may fall in: a typo such as 0226 is caught. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2199;

const PART_SIZES = [2, 2, 4] as const;
const ISO_TYPED = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/**
 * What was typed or pasted, as dd/mm/aaaa so far: digits only, the slashes put in as the
 * next part starts. A separator typed after one digit ends that part ('1/3' => '01/03'),
 * so dates written short come out whole; a pasted 'YYYY-MM-DD' is turned around.
 */
export function maskDateText(raw: string): string {
  const iso = ISO_TYPED.exec(raw);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const parts = ['', '', ''];
  let part = 0;
  for (const char of raw) {
    if (char >= '0' && char <= '9') {
      if (parts[part]!.length === PART_SIZES[part]) {
        if (part === 2) break;
        part++;
      }
      parts[part] += char;
    } else if ('/.- '.includes(char) && part < 2 && parts[part] !== '') {
      if (parts[part]!.length === 1) parts[part] = `0${parts[part]}`;
      part++;
    }
  }
  const [day, month, year] = parts;
  return day + (part >= 1 ? `/${month}` : '') + (part >= 2 ? `/${year}` : '');
}

/** Where the caret goes in the masked text: after as many digits as were before it. */
export function caretAfterMask(raw: string, caret: number, masked: string): number {
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i]!)) seen++;
    if (seen === digitsBefore) {
      // Past a slash that follows, so the next digit typed lands in the next part.
      return masked[i + 1] === '/' ? i + 2 : i + 1;
    }
  }
  return masked.length;
}

const FULL_DATE_TEXT = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * The field's text after an edit: `previous` the text before it, `raw` what the input holds
 * now, `caret` where its caret is. Typed at the end (or pasted over a selection), the mask
 * above. Edited in the middle, the digits close up around the change. Into a field already
 * full, a digit typed in the middle takes the place of the next one (a wrong month is fixed
 * by typing over it), and one typed at the end starts a new date.
 */
export function editDateText(previous: string, raw: string, caret: number): { text: string; caret: number } {
  if (FULL_DATE_TEXT.test(previous) && raw.length === previous.length + 1 && caret > 0) {
    const typed = raw[caret - 1]!;
    if (/\d/.test(typed) && raw.slice(0, caret - 1) + raw.slice(caret) === previous) {
      if (caret === raw.length) return { text: typed, caret: 1 };
      const at = previous[caret - 1] === '/' ? caret : caret - 1;
      const text = previous.slice(0, at) + typed + previous.slice(at + 1);
      return { text, caret: text[at + 1] === '/' ? at + 2 : at + 1 };
    }
  }
  if (caret >= raw.length) {
    const text = maskDateText(raw);
    return { text, caret: text.length };
  }
  const text = maskDateText(raw.replace(/\D/g, ''));
  return { text, caret: caretAfterMask(raw, caret, text) };
}

export type DateReading =
  | { kind: 'empty' }
  /** Not all of dd/mm/aaaa yet. */
  | { kind: 'partial' }
  | { kind: 'invalid'; message: string }
  | { kind: 'date'; iso: string };

export const INCOMPLETE_DATE = 'Data incompleta: digite dia, mês e ano (dd/mm/aaaa).';

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The text of a date field read as a date. */
export function readDateText(text: string): DateReading {
  if (text.trim() === '') return { kind: 'empty' };
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return { kind: 'partial' };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) {
    return { kind: 'invalid', message: `Data inválida: o ano deve estar entre ${DATE_YEAR_MIN} e ${DATE_YEAR_MAX}.` };
  }
  if (month < 1 || month > 12) return { kind: 'invalid', message: 'Data inválida: o mês vai de 01 a 12.' };
  const days = daysIn(year, month);
  if (day < 1 || day > days) {
    return { kind: 'invalid', message: `Data inválida: ${MONTH_NAMES[month - 1]} de ${year} tem ${days} dias.` };
  }
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? { kind: 'date', iso } : { kind: 'invalid', message: 'Data inválida.' };
}

export interface DateBounds {
  /** 'YYYY-MM-DD': the first day allowed */
  min?: string;
  /** 'YYYY-MM-DD': the last day allowed */
  max?: string;
}

/** Why a day is outside the bounds, or null when it is inside. */
export function boundsProblem(iso: string, { min, max }: DateBounds): string | null {
  if (min && iso < min) return `Escolha uma data a partir de ${formatDate(min)}.`;
  if (max && iso > max) return `Escolha uma data até ${formatDate(max)}.`;
  return null;
}

/** 'YYYY-MM-DD' as a sentence: '15 de março de 2026'. */
export function spokenDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day} de ${MONTH_NAMES[month - 1]} de ${year}`;
}
