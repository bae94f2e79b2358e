// The customers list as a CSV for Excel (Clientes' 'Exportar'): the columns the import
// reads back (the labels of CUSTOMER_FIELDS), so export -> edit in Excel -> import works.
// Documents and CEPs are written formatted ('390.533.447-05', '01310-100'): Excel keeps them
// as text, never as a number that loses its leading zeros. The store's built-in 'Consumidor
// final' is not a customer to edit in a sheet: it is left out.
import type { Customer } from '../../../shared/contract';
import { todayIso } from '../../../shared/dates';
import { formatDocument } from '../../../shared/documents';
import { CUSTOMER_FIELDS } from '../../../shared/import/fields';
import { csvFileName, csvMoney, downloadCsv, type CsvRow } from '../../lib/csv';

export const CUSTOMER_CSV_HEADER = CUSTOMER_FIELDS.map((f) => f.label);

const zip = (cep: string | null) => (cep && /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : (cep ?? ''));

export function customerRows(customers: readonly Customer[]): CsvRow[] {
  const cells: Record<(typeof CUSTOMER_FIELDS)[number]['key'], (c: Customer) => CsvRow[number]> = {
    document: (c) => (c.document ? formatDocument(c.document) : ''),
    name: (c) => c.name,
    email: (c) => c.email ?? '',
    phone: (c) => c.phone ?? '',
    address: (c) => c.address ?? '',
    city: (c) => c.city ?? '',
    state: (c) => c.state ?? '',
    zip_code: (c) => zip(c.zip_code),
    credit_limit: (c) => (c.credit_limit == null ? '' : csvMoney(c.credit_limit)),
    active: (c) => (c.active ? 'Ativo' : 'Inativo'),
  };
  return [
    CUSTOMER_CSV_HEADER,
    ...customers.filter((c) => !c.final_consumer).map((c) => CUSTOMER_FIELDS.map((f) => cells[f.key](c))),
  ];
}

export function exportCustomers(customers: readonly Customer[]): void {
  downloadCsv(csvFileName(`clientes ${todayIso()}`), customerRows(customers));
}
