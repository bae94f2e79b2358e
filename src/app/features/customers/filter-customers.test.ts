import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '../../../shared/contract';
import { filterCustomers } from './filter-customers';

const base = { email: null, phone: null, address: null, city: null, state: null, zip_code: null, active: true };
const customers = [
  CustomerSchema.parse({
    ...base,
    id: '00000000-0000-4000-8000-000000000101',
    name: 'Maria Souza',
    document: '52998224725',
  }),
  CustomerSchema.parse({ ...base, id: '00000000-0000-4000-8000-000000000102', name: 'João Lima', document: null }),
  CustomerSchema.parse({ ...base, id: '00000000-0000-4000-8000-000000000103', name: 'José Conceição', document: null }),
];

describe('filterCustomers', () => {
  it.each([
    ['maria', ['Maria Souza'], 'the name, case-insensitively'],
    ['jose', ['José Conceição'], "accents ignored: 'jose' finds José"],
    ['CONCEICAO', ['José Conceição'], 'accents ignored, upper case'],
    ['joao', ['João Lima'], "accents ignored: 'joao' finds João"],
    ['529.982', ['Maria Souza'], 'the document, punctuation ignored'],
    ['224725', ['Maria Souza'], 'the end of the document'],
    ['', ['Maria Souza', 'João Lima', 'José Conceição'], 'everyone for a blank search'],
    ['.-', [], 'no one for punctuation-only text'],
  ])('%j finds %j (%s)', (search, names) => {
    expect(filterCustomers(customers, search).map((c) => c.name)).toEqual(names);
  });
});
