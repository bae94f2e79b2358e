import { stripDocument } from '../../../shared/documents';
import type { Customer } from '../../../shared/contract';
import { foldedIncludes } from '../../../shared/text';

/**
 * Local search of spec §2: the name contains the text (ignoring case and accents: 'jose'
 * finds José), or the document contains it with punctuation ignored ('123.456' finds
 * '12345678909').
 */
export function filterCustomers(customers: readonly Customer[], search: string): Customer[] {
  const needle = search.trim();
  if (!needle) return [...customers];
  const bareNeedle = stripDocument(needle);
  return customers.filter(
    (c) =>
      foldedIncludes(c.name, needle) ||
      (bareNeedle !== '' && c.document !== null && stripDocument(c.document).includes(bareNeedle)),
  );
}
