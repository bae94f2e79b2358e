import { stripDocument } from '../../../shared/documents';
import type { Customer } from '../../../shared/contract';

/**
 * Local search of spec §2: the name contains the text (case-insensitive), or the
 * document contains it with punctuation ignored ('123.456' finds '12345678909').
 */
export function filterCustomers(customers: readonly Customer[], search: string): Customer[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [...customers];
  const bareNeedle = stripDocument(needle);
  return customers.filter(
    (c) =>
      c.name.toLocaleLowerCase('pt-BR').includes(needle) ||
      (bareNeedle !== '' && c.document !== null && stripDocument(c.document).includes(bareNeedle)),
  );
}
