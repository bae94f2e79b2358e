// A note without duplicatas: the preview shows how the note says it is paid and the
// confirm needs the admin's word (already paid: the bill paid with its cash-book expense;
// or due on a day from today on), checked on the server and kept under Idempotency-Key.
// Also: a supplier's typo in cEAN matched by cEANTrib, and a note addressed to a CPF.
// On PGlite and on PostgreSQL when DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { withGtinCheckDigit } from '../../shared/gtin';
import { accountsPayable, cashFlowEntries, products } from '../db/schema';
import { storeRows } from '../test/helpers';
import { makeProduct, productRow } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { eq } from 'drizzle-orm';
import { entriesSuite, LINES, note, numberSeq } from './stock-entries-fixtures';

const ONE_LINE = [LINES[0]!];
const BOLETO = [{ form: '15', amount_cents: LINES[0]!.total_cents, term: '1' as const }];
const PIX = [{ form: '17', amount_cents: LINES[0]!.total_cents, term: '0' as const }];

describe.each(databases())('NF-e entries: how a note without duplicatas is paid (%s)', (kind) => {
  const { s, post, preview } = entriesSuite(kind);
  const newLine = (name: string) => [{ item_number: 1, new_product: { name, sku: `PAY-${numberSeq}` } }];

  it('shows the payment the note declares; the confirm needs paid or a due day, refused in pt-BR otherwise', async () => {
    const { xml } = note({ lines: ONE_LINE, duplicatas: [], payments: BOLETO });
    const seen = (await preview(xml)).body.data;
    expect(seen.payment_choice_needed).toBe(true);
    expect(seen.payables).toEqual([{ description: `NF-e ${numberSeq}/1`, due_date: null, amount: 179.76 }]);
    expect(seen.payments).toEqual([
      { form: '15', label: 'Boleto bancário', amount: 179.76, term: 'later', paid_on: null, payable_method: null },
    ]);
    const lines = newLine('Cola sem duplicata');
    const before = await storeRows(s.ctx.db, s.tenantId, accountsPayable);
    const refusals: [unknown, string, string][] = [
      [undefined, 'payment', 'Esta NF-e não tem duplicatas: diga se ela já foi paga ou em que dia vence.'],
      [
        { kind: 'due', due_date: addDays(todayIso(), -1) },
        'payment.due_date',
        `O vencimento não pode ser antes de hoje (${todayIso().split('-').reverse().join('/')}).`,
      ],
      [
        { kind: 'paid', payment_date: addDays(todayIso(), 1) },
        'payment.payment_date',
        `A data do pagamento não pode ser depois de hoje (${todayIso().split('-').reverse().join('/')}).`,
      ],
    ];
    for (const [payment, path, message] of refusals) {
      const res = await post('/api/stock-entries', { xml, lines, payment });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', error: message, details: [{ path, message }] });
    }
    // A choice that is neither: the contract's refusal, naming the field.
    const odd = await post('/api/stock-entries', { xml, lines, payment: { kind: 'maybe' } });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body.details)).toContain('payment');
    expect(await storeRows(s.ctx.db, s.tenantId, accountsPayable)).toHaveLength(before.length);

    // Due on a day the admin sets (today is not overdue).
    const due = await post('/api/stock-entries', { xml, lines, payment: { kind: 'due', due_date: todayIso() } });
    expect(due.status).toBe(201);
    expect(due.body.data.payables).toEqual([
      expect.objectContaining({ amount: 179.76, due_date: todayIso(), status: 'pending', payment_date: null }),
    ]);
  });

  it('already paid: the bill is created paid, with its cash-book expense, once under its Idempotency-Key', async () => {
    const { xml } = note({ lines: ONE_LINE, duplicatas: [], payments: PIX });
    const seen = (await preview(xml)).body.data;
    expect(seen.payments).toEqual([expect.objectContaining({ label: 'PIX', term: 'now', payable_method: 'pix' })]);
    const paidOn = addDays(todayIso(), -2);
    const body = { xml, lines: newLine('Cola paga'), payment: { kind: 'paid', payment_date: paidOn } };
    const headers = { 'Idempotency-Key': `paid-${numberSeq}` };
    const res = await post('/api/stock-entries', body, s.admin, headers);
    expect(res.status).toBe(201);
    const [bill] = res.body.data.payables;
    expect(bill).toMatchObject({
      amount: 179.76,
      status: 'paid',
      payment_date: paidOn,
      due_date: paidOn,
      payment_method: 'pix',
      category: 'Mercadorias para revenda',
    });
    const again = await post('/api/stock-entries', body, s.admin, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.payables[0].id).toBe(bill.id);
    const entries = await storeRows(s.ctx.db, s.tenantId, cashFlowEntries, { accountPayableId: bill.id });
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'expense',
        amount: 179_76,
        date: paidOn,
        category: 'Mercadorias para revenda',
      }),
    ]);
    // The same key with another choice: the stored request does not match.
    const other = await post(
      '/api/stock-entries',
      { ...body, payment: { kind: 'due', due_date: '2099-01-01' } },
      s.admin,
      headers,
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('a note with duplicatas takes no payment choice: its bills are due on their days', async () => {
    const { xml } = note({
      lines: ONE_LINE,
      duplicatas: [{ number: '1', due_date: '2099-03-01', amount_cents: 179_76 }],
    });
    expect((await preview(xml)).body.data.payment_choice_needed).toBe(false);
    const res = await post('/api/stock-entries', {
      xml,
      lines: newLine('Cola com duplicata'),
      payment: { kind: 'due', due_date: '2099-04-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Esta NF-e tem duplicatas: as contas vencem nas datas delas.');
  });
});

describe.each(databases())('NF-e entries: barcodes and recipients (%s)', (kind) => {
  const { s, post, preview } = entriesSuite(kind);

  it("a typo in cEAN's check digit with a valid cEANTrib (same unit) enters as the product with that barcode", async () => {
    const barcode = withGtinCheckDigit('789100099001');
    const typo = `${barcode.slice(0, 12)}${(Number(barcode[12]) + 1) % 10}`;
    const product = await makeProduct(s.ctx.db, s.tenantId, { stock: 5, cost: 3_00, name: 'Suco de uva 1L' });
    await s.ctx.db.update(products).set({ barcode }).where(eq(products.id, product.id));
    const line = { code: 'SUCO-UVA', description: 'SUCO UVA 1L', quantity: '6', unit_cost: '3.00', total_cents: 18_00 };
    const dup = [{ number: '1', due_date: '2099-01-10', amount_cents: 18_00 }];
    const { xml } = note({ lines: [{ ...line, ean: typo, ean_tax: barcode }], duplicatas: dup });
    const seen = (await preview(xml)).body.data;
    expect(seen.lines[0]).toMatchObject({ ean: barcode, match: 'barcode', product: { id: product.id } });
    expect(seen.warnings).toContain(
      `Item 1: o código de barras "${typo}" não é um GTIN válido e foi trocado pelo do cEANTrib (${barcode}).`,
    );
    const res = await post('/api/stock-entries', { xml, lines: [{ item_number: 1, product_id: product.id }] });
    expect(res.status).toBe(201);
    expect(await productRow(s.ctx.db, s.tenantId, product.id)).toMatchObject({ currentStock: 11 });

    // No product with it yet: the new product takes the cEANTrib as its barcode.
    const fresh = withGtinCheckDigit('789100099002');
    const freshTypo = `${fresh.slice(0, 12)}${(Number(fresh[12]) + 3) % 10}`;
    const second = note({ lines: [{ ...line, code: 'SUCO-UVA-2', ean: freshTypo, ean_tax: fresh }], duplicatas: dup });
    const created = await post('/api/stock-entries', {
      xml: second.xml,
      lines: [{ item_number: 1, new_product: { name: 'Suco de uva 2' } }],
    });
    expect(created.status).toBe(201);
    expect((await productRow(s.ctx.db, s.tenantId, created.body.data.products[0].id)).barcode).toBe(fresh);

    // Sold by the box and taxed by the unit: the cEANTrib is the unit's code, not the box's.
    const box = note({
      lines: [
        { ...line, code: 'SUCO-CX', ean: typo, ean_tax: barcode, unit: 'CX', tax_unit: 'UN', tax_quantity: '36' },
      ],
      duplicatas: dup,
    });
    expect((await preview(box.xml)).body.data.lines[0]).toMatchObject({ ean: null, match: 'new' });
  });

  it('a note addressed to a CPF says CPF', async () => {
    const { xml } = note({ recipient_cpf: '68834846982', duplicatas: [] });
    expect((await preview(xml)).body.data.recipient_warning).toBe(
      'Esta NF-e é destinada a um CPF (688.348.469-82), não ao CNPJ da loja (11.222.333/0001-81).',
    );
  });
});
