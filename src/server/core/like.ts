// Text search in LIKE patterns. A search box finds what contains its text, ignoring case
// and accents: the column folded by balcao_fold (SQL, migration 0010) and the text by
// foldText (src/shared/text.ts), the same rule, so 'calca' finds 'Calça' on every list.
// The condition is written exactly as the search indexes of 0010 are (GIN over trigrams
// of balcao_fold(column), tenant_id first), so the planner can use them.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldText } from '../../shared/text';

/** `%`, `_` and `\` taken literally inside a LIKE pattern (backslash is LIKE's escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `search`, case and accents aside. */
export function containsFolded(column: AnyColumn, search: string): SQL {
  return sql`balcao_fold(${column}) LIKE ${likePattern(foldText(search))}`;
}
