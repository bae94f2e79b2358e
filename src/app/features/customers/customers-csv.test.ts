import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '../../../shared/contract/customers';
import { guessMapping, CUSTOMER_FIELDS } from '../../../shared/import/fields';
import { toCsv } from '../../lib/csv';
import { parseCsv } from '../../test/csv-parse';
import { CUSTOMER_CSV_HEADER, customerRows } from './customers-csv';

const customer = (over: Record<string, unknown>) =>
  CustomerSchema.parse({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Maria',
    document: null,
    email: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    zip_code: null,
    active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });

describe('customers CSV', () => {
  it('writes the columns the import guesses back, documents and CEPs as text, Consumidor final left out', () => {
    const rows = parseCsv(
      toCsv(
        customerRows([
          customer({
            name: 'Maria; "Silva"',
            document: '39053344705',
            phone: '(11) 98888-7777',
            zip_code: '01310100',
            state: 'SP',
            credit_limit: 1500.5,
          }),
          customer({ name: 'Consumidor final', final_consumer: true }),
          customer({ name: '=Loja', active: false }),
        ]),
      ),
    );
    expect(rows[0]).toEqual([...CUSTOMER_CSV_HEADER]);
    expect(Object.values(guessMapping(CUSTOMER_FIELDS, rows[0]!))).toEqual(CUSTOMER_FIELDS.map((_, i) => i));
    expect(rows.slice(1)).toEqual([
      ['390.533.447-05', 'Maria; "Silva"', '', '(11) 98888-7777', '', '', 'SP', '01310-100', '1500,50', 'Ativo'],
      ['', "'=Loja", '', '', '', '', '', '', '', 'Inativo'],
    ]);
  });
});
