// Customers from a spreadsheet through the API: matched by CPF/CNPJ (the alphanumeric CNPJ
// too), else created; 'Limite de crédito' a column; an identical row not counted; errors by
// line. On PGlite and on PostgreSQL when DATABASE_URL is set.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits } from '../../shared/documents';
import { customers } from '../db/schema';
import { databases } from '../test/testDb';
import { importsSuite } from './imports-fixtures';
import { excelCsv } from './sheet-fixtures';

const CPF = `390533447${cpfCheckDigits('390533447')}`;
const ALNUM = `34XYZ56701AB${cnpjCheckDigits('34XYZ56701AB')}`;
const formattedCpf = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;

describe.each(databases())('customers import (%s)', (kind) => {
  const { s, preview, confirm } = importsSuite(kind);
  const byDocument = async (document: string) =>
    s.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, s.tenantId), eq(customers.document, document)));
  const customerCount = async () =>
    (await s.ctx.db.select({ n: count() }).from(customers).where(eq(customers.tenantId, s.tenantId)))[0]!.n;

  it('creates by CPF/CNPJ, updates the customer a document names, with its credit limit; errors by line', async () => {
    await s.ctx.db
      .insert(customers)
      .values({ tenantId: s.tenantId, name: 'Maria Antiga', document: CPF, creditLimit: 100_00 });
    const before = await customerCount();
    const file = excelCsv([
      ['Nome', 'CPF/CNPJ', 'Celular', 'Cidade', 'UF', 'CEP', 'Limite de crédito'],
      ['Maria da Silva', formattedCpf, '(11) 98888-7777', 'São Paulo', 'sp', '01310-100', '1.500,00'],
      ['Loja Alfa', `34.xyz.567/01ab-${ALNUM.slice(12)}`, '', 'Campinas', 'SP', '', ''],
      ['Sem Documento', '', '', '', '', '', '300'],
      ['Errado', '123.456.789-00', '', '', 'São Paulo', '', '12,5O'],
    ]);
    const seen = await preview('customers', file);
    expect(seen.status).toBe(200);
    expect(seen.body.data.counts).toEqual({ created: 2, updated: 1, unchanged: 0, errors: 1 });
    expect(seen.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Linha 5, CPF/CNPJ: "123.456.789-00" não é um CPF nem um CNPJ válido',
      'Linha 5, UF: "São Paulo" não é uma UF (2 letras)',
      'Linha 5, Limite de crédito: "12,5O" não é um valor',
    ]);
    expect(await customerCount()).toBe(before);

    const res = await confirm('customers', file, { file_name: 'clientes.csv' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'customers',
      stock_mode: null,
      counts: { created: 2, updated: 1, errors: 1 },
    });
    expect(await byDocument(CPF)).toMatchObject([
      {
        name: 'Maria da Silva',
        phone: '(11) 98888-7777',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310100',
        creditLimit: 1500_00,
      },
    ]);
    expect(await byDocument(ALNUM)).toMatchObject([{ name: 'Loja Alfa', creditLimit: null }]);
    expect(await customerCount()).toBe(before + 2);
  });

  it('a row identical to the customer is neither written nor counted', async () => {
    const [made] = await s.ctx.db
      .insert(customers)
      .values({
        tenantId: s.tenantId,
        name: 'Ana Igual',
        document:
          ALNUM.replace('34XYZ', '98QRS').slice(0, 12) + cnpjCheckDigits(ALNUM.replace('34XYZ', '98QRS').slice(0, 12)),
        city: 'Recife',
      })
      .returning();
    const file = excelCsv([
      ['Cliente', 'CNPJ', 'Cidade'],
      ['Ana Igual', made!.document!, 'Recife'],
    ]);
    const res = await confirm('customers', file);
    expect(res.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: 1, errors: 0 });
    const [after] = await byDocument(made!.document!);
    expect(after!.version).toBe(made!.version);
  });
});
