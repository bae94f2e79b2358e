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
  it('matches the name case-insensitively', () => {
    expect(filterCustomers(customers, 'maria').map((c) => c.name)).toEqual(['Maria Souza']);
  });

  it("ignores accents: 'jose' finds José, 'joao' João", () => {
    expect(filterCustomers(customers, 'jose').map((c) => c.name)).toEqual(['José Conceição']);
    expect(filterCustomers(customers, 'CONCEICAO').map((c) => c.name)).toEqual(['José Conceição']);
    expect(filterCustomers(customers, 'joao').map((c) => c.name)).toEqual(['João Lima']);
  });

  it('matches the document ignoring punctuation', () => {
    expect(filterCustomers(customers, '529.982').map((c) => c.name)).toEqual(['Maria Souza']);
    expect(filterCustomers(customers, '224725').map((c) => c.name)).toEqual(['Maria Souza']);
  });

  it('keeps everyone for a blank search and ignores punctuation-only text', () => {
    expect(filterCustomers(customers, '')).toHaveLength(3);
    expect(filterCustomers(customers, '.-')).toHaveLength(0);
  });
});
