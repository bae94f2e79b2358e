// The dd/mm/aaaa mask and its reading: digits only, slashes by themselves, short forms
// completed, every impossible day said in pt-BR.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/dates';
import { boundsProblem, editDateText, maskDateText, readDateText, spokenDate } from './date-text';

/** What the field shows after each key, typed one by one at the end. */
function typed(keys: string): string {
  let text = '';
  for (const key of keys) text = maskDateText(text + key);
  return text;
}

describe('maskDateText', () => {
  it('puts the slashes in as the digits come, and nothing past the year', () => {
    const keys = '150320261';
    const shown = [...keys].map((_, i) => typed(keys.slice(0, i + 1)));
    expect(shown).toEqual(['1', '15', '15/0', '15/03', '15/03/2', '15/03/20', '15/03/202', '15/03/2026', '15/03/2026']);
  });

  it('takes digits only', () => {
    expect(typed('1a5b0c3')).toBe('15/03');
    expect(maskDateText('abc')).toBe('');
  });

  // Each row: the keys typed one by one, and what the field shows after them.
  it.each([
    { keys: '1/3/2026', shows: '01/03/2026' },
    { keys: '15/3/', shows: '15/03/' },
    { keys: '15/', shows: '15/' },
    // A slash typed where it already is, or before any digit, changes nothing.
    { keys: '15//03', shows: '15/03' },
    { keys: '/15', shows: '15' },
  ])('a slash typed after one digit ends that part: $keys shows $shows', ({ keys, shows }) => {
    expect(typed(keys)).toBe(shows);
  });

  it.each(['15/03/202', '15/03/', '15/03', '15/0', '15/', '15'])(
    'deleting goes back one character at a time: %s stays',
    (text) => {
      expect(maskDateText(text)).toBe(text);
    },
  );

  it.each(['15/03/2026', '15.03.2026', '15032026', '2026-03-15'])(
    'reads what is pasted: dd/mm/aaaa, dd.mm.aaaa, digits or YYYY-MM-DD (%s)',
    (pasted) => {
      expect(maskDateText(pasted)).toBe('15/03/2026');
    },
  );

  it('any date written with its digits comes back as itself', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const text = typed(formatDate(iso).replace(/\//g, ''));
        expect(text).toBe(formatDate(iso));
        expect(readDateText(text)).toEqual({ kind: 'date', iso });
      }),
    );
  });
});

describe('editDateText', () => {
  it('typed at the end: the mask', () => {
    expect(editDateText('15/0', '15/03', 5)).toEqual({ text: '15/03', caret: 5 });
    expect(editDateText('1', '1/', 2)).toEqual({ text: '01/', caret: 3 });
  });

  it('into a full date: a digit in the middle types over the next one, at the end starts anew', () => {
    // '31/02/2027' with the caret before the month's 2: a 3 takes its place.
    expect(editDateText('31/02/2027', '31/032/2027', 5)).toEqual({ text: '31/03/2027', caret: 6 });
    // The caret before a slash: the digit after it is typed over.
    expect(editDateText('31/02/2027', '311/02/2027', 3)).toEqual({ text: '31/12/2027', caret: 4 });
    expect(editDateText('31/02/2027', '31/02/20271', 11)).toEqual({ text: '1', caret: 1 });
    // Not a digit: nothing changes.
    expect(editDateText('31/02/2027', '31/02/2027a', 11).text).toBe('31/02/2027');
  });

  it('deleted in the middle: the digits close up, the caret stays where it was', () => {
    // Backspace after the month's 2.
    expect(editDateText('31/02/2027', '31/0/2027', 4)).toEqual({ text: '31/02/027', caret: 4 });
    // Backspace after the day.
    expect(editDateText('15/03/2026', '1/03/2026', 1)).toEqual({ text: '10/32/026', caret: 1 });
  });
});

describe('readDateText', () => {
  it('empty, incomplete or a date', () => {
    expect(readDateText('')).toEqual({ kind: 'empty' });
    expect(readDateText('15/03')).toEqual({ kind: 'partial' });
    expect(readDateText('15/03/202')).toEqual({ kind: 'partial' });
    expect(readDateText('29/02/2028')).toEqual({ kind: 'date', iso: '2028-02-29' });
  });

  it.each([
    ['Data inválida: fevereiro de 2026 tem 28 dias.', ['31/02/2026', '29/02/2026']],
    ['Data inválida: abril de 2026 tem 30 dias.', ['31/04/2026', '00/04/2026']],
    ['Data inválida: o mês vai de 01 a 12.', ['15/13/2026', '15/00/2026']],
    ['Data inválida: o ano deve estar entre 1900 e 2199.', ['15/03/0226']],
  ])('says in pt-BR why a day does not exist: %s', (message, texts) => {
    for (const text of texts) expect(readDateText(text)).toEqual({ kind: 'invalid', message });
  });

  it('bounds and the spoken form', () => {
    expect(boundsProblem('2026-03-16', { max: '2026-03-15' })).toBe('Escolha uma data até 15/03/2026.');
    expect(boundsProblem('2026-03-14', { min: '2026-03-15' })).toBe('Escolha uma data a partir de 15/03/2026.');
    expect(boundsProblem('2026-03-15', { min: '2026-03-15', max: '2026-03-15' })).toBeNull();
    expect(spokenDate('2026-03-05')).toBe('5 de março de 2026');
  });
});
