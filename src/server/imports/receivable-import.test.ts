// Open crediário from a spreadsheet through the API: instalments of customers found by
// CPF/CNPJ or created, 'Parcela n/m' kept, the total before confirming, crediário in the
// customer's limit, collected with multa and juros from their due dates, and never revenue
// in the DRE; an instalment brought in once is not brought in again. On PGlite and on
// PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../shared/documents';
import { accountsReceivable, customers } from '../db/schema';
import { makeCustomer } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { importsSuite } from './imports-fixtures';
import { excelCsv, xlsxOf } from './sheet-fixtures';

const cpf = (nine: string) => `${nine}${cpfCheckDigits(nine)}`;
const KNOWN = cpf('529982247');
const NEW = cpf('111444777');
const formatted = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const HEADER = ['Cliente', 'CPF', 'Celular', 'Descrição', 'Parcela', 'Valor', 'Vencimento'];

describe.each(databases())('open crediário import (%s)', (kind) => {
  const { s, preview, confirm } = importsSuite(kind);
  const get = (url: string) => s.http.get(url, { token: s.admin });
  const imported = () =>
    s.ctx.db
      .select()
      .from(accountsReceivable)
      .where(and(eq(accountsReceivable.tenantId, s.tenantId), isNotNull(accountsReceivable.importId)))
      .orderBy(asc(accountsReceivable.dueDate), asc(accountsReceivable.description));
  const otherRevenue = async (start: string, end: string) => {
    const res = await get(`/api/financial-reports/dre?start_date=${start}&end_date=${end}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.revenue.other_revenue as number;
  };

  it('previews the total and writes nothing; confirmed, each row is a crediário instalment of its customer', async () => {
    const known = await makeCustomer(s.ctx.db, s.tenantId, 'Dora Mattos');
    await s.ctx.db
      .update(customers)
      .set({ document: KNOWN })
      .where(and(eq(customers.tenantId, s.tenantId), eq(customers.id, known.id)));
    const file = excelCsv([
      HEADER,
      ['Dora Mattos', formatted(KNOWN), '', 'Carnê 1020', '2/3', '150,00', '10/03/2025'],
      ['Dora Mattos', formatted(KNOWN), '', 'Carnê 1020', '3/3', '150,00', '10/04/2025'],
      ['Zé Novo', formatted(NEW), '(11) 97777-1234', '', '1 de 2', '1.234,56', '15/03/2025'],
      ['', NEW, '', '', '2 de 2', '1.234,56', '15/04/2025'],
      ['Sem CPF', '', '', 'Carnê 9', '1/1', '10,00', '01/03/2025'],
      ['Dora Mattos', formatted(KNOWN), '', 'Carnê 1020', '4/3', '12,5O', '31/02/2025'],
      ['Dora Mattos', formatted(KNOWN), '', 'Carnê 1020', '3/3', '150,00', '10/04/2025'],
    ]);
    const dreBefore = await otherRevenue('2025-03-01', '2025-04-30');
    const seen = await preview('receivables', file);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.counts).toEqual({ created: 4, updated: 0, unchanged: 0, errors: 3 });
    expect(seen.body.data.total).toBe(2769.12);
    expect(seen.body.data.new_customers).toBe(1);
    expect(seen.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Linha 6, CPF/CNPJ: obrigatório: o crediário é de um cliente identificado',
      'Linha 7, Parcela: "4/3" é maior que o total de parcelas (3)',
      'Linha 7, Valor: "12,5O" não é um valor',
      'Linha 7, Vencimento: "31/02/2025" não é uma data (use dd/mm/aaaa)',
      'Linha 8: repete a parcela da linha 3',
    ]);
    expect(await imported()).toEqual([]);

    const res = await confirm('receivables', file, { file_name: 'carnes.csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'receivables', counts: { created: 4, errors: 3 }, total: 2769.12 });
    const [created] = await s.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, s.tenantId), eq(customers.document, NEW)));
    expect(created).toMatchObject({ name: 'Zé Novo', phone: '(11) 97777-1234' });
    expect(
      (await imported()).map((r) => [r.customerId, r.description, r.installmentNumber, r.amount, r.dueDate, r.status]),
    ).toEqual([
      [known.id, 'Parcela 2/3 - Carnê 1020', 2, 150_00, '2025-03-10', 'pending'],
      [created!.id, 'Parcela 1/2 - Crediário importado', 1, 1234_56, '2025-03-15', 'pending'],
      [known.id, 'Parcela 3/3 - Carnê 1020', 3, 150_00, '2025-04-10', 'pending'],
      [created!.id, 'Parcela 2/2 - Crediário importado', 2, 1234_56, '2025-04-15', 'pending'],
    ]);
    // Crediário of the customer (the limit counts it), overdue since its due dates...
    const open = await get(`/api/customers/${known.id}/crediario`);
    expect(open.body.data).toMatchObject({ open_count: 2, open_amount: 300, overdue_amount: 300 });
    // ...and not revenue: the sale was made before Balcão.
    expect(await otherRevenue('2025-03-01', '2025-04-30')).toBe(dreBefore);
    const history = await get('/api/imports?kind=receivables');
    expect(history.body.data.imports[0]).toMatchObject({
      file_name: 'carnes.csv',
      total: 2769.12,
      created_by_name: expect.any(String),
    });
  });

  it('an instalment collected with multa and juros from its due date; a corrected file brings in only what is new', async () => {
    const [row] = (await imported()).filter((r) => r.description === 'Parcela 2/3 - Carnê 1020');
    // R$ 150,00, 30 days late: multa 2% = 3,00; juros 1% a month = 1,50 (the store's rates).
    expect(
      (await s.http.put('/api/settings', { late_fee_percent: 2, late_interest_monthly_percent: 1 }, { token: s.admin }))
        .status,
    ).toBe(200);
    const paid = await s.http.post(
      `/api/accounts-receivable/${row!.id}/receive`,
      { payment_method: 'cash', payment_date: '2025-04-09' },
      { token: s.admin, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ amount: 150, days_late: 30, multa: 3, juros: 1.5, total: 154.5 });

    // The same carnê again with one more instalment, from an XLSX: the paid one and the
    // open ones are not brought in twice.
    const file = await xlsxOf([
      HEADER,
      ['Dora Mattos', KNOWN, '', 'Carnê 1020', '2/3', 150, new Date(Date.UTC(2025, 2, 10))],
      ['Dora Mattos', KNOWN, '', 'Carnê 1020', '3/3', 150, new Date(Date.UTC(2025, 3, 10))],
      ['Zé Novo', NEW, '', '', '2 de 2', 1234.56, '15/04/2025'],
      ['Ana Outra', cpf('123456789'), '', 'Carnê 77', 1, 80, '20/05/2025'],
    ]);
    const seen = await preview('receivables', file);
    expect(seen.body.data.counts).toEqual({ created: 1, updated: 0, unchanged: 3, errors: 0 });
    expect(seen.body.data.total).toBe(80);
    expect(seen.body.data.new_customers).toBe(1);
    const res = await confirm('receivables', file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await imported()).map((r) => r.description)).toContain('Parcela 1 - Carnê 77');
    expect(await imported()).toHaveLength(5);
    // The same file twice changes nothing.
    const again = await confirm('receivables', file);
    expect(again.status).toBe(409);
    expect(await imported()).toHaveLength(5);
  });

  it('asks for the columns it cannot do without, and explains a parcela Excel turned into a date', async () => {
    const bare = await preview(
      'receivables',
      excelCsv([
        ['Cliente', 'Valor'],
        ['Maria', '10'],
      ]),
    );
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('Escolha a coluna de CPF/CNPJ, Vencimento.');
    const dated = await preview(
      'receivables',
      await xlsxOf([HEADER, ['Maria', KNOWN, '', '', new Date(Date.UTC(2025, 4, 2)), 10, '01/06/2025']]),
    );
    expect(dated.body.data.errors[0].message).toMatch(
      /^Linha 2, Parcela: ".*" virou data no Excel: formate a coluna Parcela como Texto e digite de novo \(ex\.: 2\/5\)$/,
    );
  });
});
