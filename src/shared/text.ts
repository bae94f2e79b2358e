// Text a person can type: no control characters (NUL breaks PostgreSQL, the others hide
// in lists and receipts). Tab and line breaks are text only in multi-line fields (notes).
// One rule for the server (every route, query strings included) and the app's forms.
// And how searches compare text: one folding of case and accents (foldText).

/** C0 controls, DEL and C1 controls (matching them is the point: the lint rule does not apply). */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARS_MESSAGE = 'Caracteres de controle não são permitidos';
export const LINE_BREAKS_MESSAGE = 'Use uma só linha, sem tabulação';

/** Why `text` is refused, or null. */
export function controlCharsIssue(text: string, { multiline = false }: { multiline?: boolean } = {}): string | null {
  if (CONTROL_BUT_LINES.test(text)) return CONTROL_CHARS_MESSAGE;
  if (!multiline && ANY_CONTROL.test(text)) return LINE_BREAKS_MESSAGE;
  return null;
}

/**
 * The first string inside `value` (a parsed body, query or params) with control
 * characters other than tab and line breaks, as the dotted path to it; null when none.
 */
export function findControlChars(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL_BUT_LINES.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL_BUT_LINES.test(key)) return [...path, key].join('.');
    const found = findControlChars(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The combining marks NFD splits off accented letters (U+0300..U+036F). */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The one normalisation of every search, in the app and on the server: accents removed
 * (decomposed, combining marks dropped), then lower case. 'Calça José' => 'calca jose'.
 * The database's balcao_fold (migration 0010) is the same rule in SQL: keep them in step.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** A search box's "contains": `text` holds `search` ignoring case and accents ('calca' finds 'Calça'). */
export function foldedIncludes(text: string | null | undefined, search: string): boolean {
  const needle = foldText(search.trim());
  return needle === '' || foldText(text ?? '').includes(needle);
}
