// Goods in from a supplier's NF-e through the API: the preview (nothing written), the
// confirm in one transaction (stock, costs, links, payables), the refusals, on PGlite
// and on PostgreSQL when DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../shared/documents';
import { accountsPayable, products, stockEntries, stockMovements, supplierProductLinks } from '../db/schema';
import { NO_STORE, openTestStore } from '../test/helpers';
import { nfeXml, type NfeXmlLine } from '../test/nfe-xml';
import { makeProduct, productRow } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

const SUPPLIER = `445556660001${cnpjCheckDigits('445556660001')}`;
const STORE = '11222333000181';

const LINES: NfeXmlLine[] = [
  {
    code: 'COLA-2L',
    ean: '7894900011517',
    description: 'REFRIGERANTE COLA PET 2L',
    quantity: '24.0000',
    unit_cost: '7.4900000000',
    total_cents: 179_76,
  },
  // 5 boxes of 12 (qTrib in units): 60 units at R$ 1,50.
  {
    code: 'AGUA-CX12',
    description: 'AGUA MINERAL 500ML CX C/12',
    unit: 'CX',
    quantity: '5.0000',
    unit_cost: '18.0000000000',
    total_cents: 90_00,
    tax_unit: 'UN',
    tax_quantity: '60.0000',
    tax_unit_cost: '1.5000000000',
  },
  {
    code: 'BISC-01',
    description: 'BISCOITO RECHEADO 140G',
    quantity: '10.0000',
    unit_cost: '2.3350000000',
    total_cents: 23_35,
  },
];
const DUPS = [
  { number: '001', due_date: '2030-01-10', amount_cents: 146_56 },
  { number: '002', due_date: '2030-02-09', amount_cents: 146_55 },
];

let numberSeq = 500;
const note = (options: Parameters<typeof nfeXml>[0] = {}) =>
  nfeXml({
    number: ++numberSeq,
    supplier_cnpj: SUPPLIER,
    recipient_cnpj: STORE,
    lines: LINES,
    duplicatas: DUPS,
    ...options,
  });

describe.each(databases())('NF-e entries (%s)', (kind) => {
  let { ctx, http, admin, cashier, tenantId } = NO_STORE;
  const post = (url: string, body: unknown, token = admin, headers: Record<string, string> = {}) =>
    http.post(url, body, { token, headers });
  const preview = (xml: string, extra: object = {}) => post('/api/stock-entries/nfe/preview', { xml, ...extra });
  const tableCount = async (table: typeof stockEntries | typeof accountsPayable | typeof supplierProductLinks) =>
    (await ctx.db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)))[0]!.n;

  beforeAll(async () => {
    ({ ctx, http, admin, cashier, tenantId } = await openTestStore(kind));
  });
  afterAll(() => ctx?.close());

  it('previews a note: supplier, key, lines with units per box and unit costs, proposed products and bills', async () => {
    const { xml, key } = note();
    const res = await preview(xml);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      access_key: key,
      number: numberSeq,
      series: 1,
      supplier: { document: SUPPLIER, name: 'Fornecedor de Testes Ltda' },
      total: 293.11,
      recipient_warning: null,
      payables: [
        { description: `NF-e ${numberSeq}/1 - parcela 001 de 2`, due_date: '2030-01-10', amount: 146.56 },
        { description: `NF-e ${numberSeq}/1 - parcela 002 de 2`, due_date: '2030-02-09', amount: 146.55 },
      ],
    });
    expect(data.lines).toEqual([
      expect.objectContaining({
        item_number: 1,
        supplier_code: 'COLA-2L',
        ean: '7894900011517',
        unit: 'UN',
        quantity: '24',
        units_per_package: 1,
        factor_source: 'none',
        units: 24,
        cost_per_unit: 7.49,
        total: 179.76,
        match: 'new',
        product: null,
        problem: null,
      }),
      expect.objectContaining({
        item_number: 2,
        unit: 'CX',
        quantity: '5',
        unit_cost: '18',
        units_per_package: 12,
        factor_source: 'tax_quantity',
        units: 60,
        cost_per_unit: 1.5,
        match: 'new',
      }),
      // 23,35 / 10 = 2,335: to the centavo, half up.
      expect.objectContaining({ item_number: 3, ean: null, units: 10, cost_per_unit: 2.34, ncm: '21069090' }),
    ]);
    // A factor typed for a line replaces the note's.
    const typed = await preview(xml, { lines: [{ item_number: 2, units_per_package: 6 }] });
    expect(typed.body.data.lines[1]).toMatchObject({
      units_per_package: 6,
      factor_source: 'typed',
      units: 30,
      cost_per_unit: 3,
    });
    expect(await tableCount(stockEntries)).toBe(0);
  });

  it('previews the documents suppliers send as they are: nfeProc signed with protocol, bare NFe with a prefix', async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
    const signed = await preview(fixture('nfe-proc-assinada.xml'));
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ number: 123, series: 1, total: 504.51 });
    expect(signed.body.data.payables.map((p: { amount: number }) => p.amount)).toEqual([252.26, 252.25]);
    // The box of 12 (CX, qTrib 60 UN) enters as 60 units at R$ 1,50.
    expect(signed.body.data.lines[1]).toMatchObject({
      unit: 'CX',
      units_per_package: 12,
      units: 60,
      cost_per_unit: 1.5,
    });
    // Addressed to another store than the demo's: a warning, not a refusal.
    expect(signed.body.data.recipient_warning).toMatch(/^Esta NF-e é destinada a outro CNPJ/);
    const prefixed = await preview(fixture('nfe-prefixo-sem-protocolo.xml'));
    expect(prefixed.status).toBe(200);
    expect(prefixed.body.data.lines.length).toBeGreaterThan(0);
  });

  it('a line whose quantity is not whole units says so; cashiers may not preview', async () => {
    const kg = await preview(
      note({
        lines: [
          {
            code: 'QJ',
            description: 'QUEIJO KG',
            unit: 'KG',
            quantity: '1.2500',
            unit_cost: '32.0000000000',
            total_cents: 40_00,
          },
        ],
        duplicatas: [],
      }).xml,
    );
    expect(kg.status).toBe(200);
    expect(kg.body.data.lines[0]).toMatchObject({ units: null, cost_per_unit: null });
    expect(kg.body.data.lines[0].problem).toBe(
      '1,25 KG não dá um número inteiro de unidades: informe quantas unidades há em cada KG.',
    );
    expect(kg.body.data.payables).toEqual([
      expect.objectContaining({ description: `NF-e ${numberSeq}/1`, amount: 40 }),
    ]);
    const refused = await post('/api/stock-entries/nfe/preview', { xml: note().xml }, cashier);
    expect(refused.status).toBe(403);
  });

  it('refuses what is not an NF-e, broken XML, a wrong check digit, with a pt-BR reason', async () => {
    const cases: [string, RegExp][] = [
      ['<?xml version="1.0"?><pedido><item/></pedido>', /^Este XML não é uma NF-e/],
      [note().xml.replace('</infNFe>', '</infNF>'), /^O XML está quebrado \(linha \d+, coluna \d+\)/],
      ['isto não é xml', /^O arquivo não é um XML/],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', /DTD ou entidades/],
    ];
    const { xml, key } = note();
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    cases.push([xml.replaceAll(key, wrong), /dígito verificador não confere/]);
    for (const [bad, message] of cases) {
      const res = await preview(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.body.error).toMatch(message);
    }
  });

  it('confirms: stock in units, cost prices, the new product, links and one payable per duplicata to the centavo', async () => {
    const existing = await makeProduct(ctx.db, tenantId, {
      stock: 12,
      cost: 6_00,
      price: 9_90,
      name: 'Refrigerante Cola 2L',
    });
    const water = await makeProduct(ctx.db, tenantId, { stock: 0, cost: 1_00, price: 2_50, name: 'Água 500ml' });
    await ctx.db.update(products).set({ barcode: '7894900011517' }).where(eq(products.id, existing.id));
    const { xml, key } = note();
    // Its barcode is the line's EAN: proposed at once.
    const seen = await preview(xml);
    expect(seen.body.data.lines[0]).toMatchObject({
      match: 'barcode',
      product: { id: existing.id, current_stock: 12, cost_price: 6 },
    });
    const body = {
      xml,
      lines: [
        { item_number: 1, product_id: existing.id },
        { item_number: 2, product_id: water.id },
        { item_number: 3, new_product: { name: 'Biscoito Recheado 140g', sku: 'BISC-140' } },
      ],
    };
    const res = await post('/api/stock-entries', body, admin, { 'Idempotency-Key': `nfe-${key}` });
    expect(res.status).toBe(201);
    const { entry, products: moved, payables } = res.body.data;
    expect(entry).toMatchObject({
      access_key: key,
      number: numberSeq,
      supplier_document: SUPPLIER,
      total: 293.11,
      line_count: 3,
    });
    // Weighted average (the default): (12 x 6,00 + 179,76) / 36 = 6,9933 => 6,99.
    expect(await productRow(ctx.db, tenantId, existing.id)).toMatchObject({ currentStock: 36, costPrice: 6_99 });
    // No stock on hand: the cost of what came in, per unit.
    expect(await productRow(ctx.db, tenantId, water.id)).toMatchObject({ currentStock: 60, costPrice: 1_50 });
    const created = moved.find((p: { created: boolean }) => p.created);
    // Markup 100% (the store's default) over 2,34.
    expect((await productRow(ctx.db, tenantId, created.id)).barcode).toBeNull();
    expect(created).toMatchObject({
      sku: 'BISC-140',
      name: 'Biscoito Recheado 140g',
      current_stock: 10,
      cost_price: 2.34,
      sale_price: 4.68,
      units_in: 10,
    });
    expect(payables).toEqual([
      expect.objectContaining({
        supplier_name: 'Fornecedor de Testes Ltda',
        amount: 146.56,
        due_date: '2030-01-10',
        category: 'Mercadorias para revenda',
        reference_number: `NF-e ${numberSeq}/1`,
        status: 'pending',
      }),
      expect.objectContaining({ amount: 146.55, due_date: '2030-02-09', reference_number: `NF-e ${numberSeq}/1` }),
    ]);
    // Each line entered is a movement of its own, naming the entry and who confirmed it.
    const movements = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.tenantId, tenantId), eq(stockMovements.kind, 'nfe_entry')));
    expect(movements.map((m) => [m.productId, m.quantity, m.stockAfter, m.entryId]).sort()).toEqual(
      [
        [existing.id, 24, 36, entry.id],
        [water.id, 60, 60, entry.id],
        [created.id, 10, 10, entry.id],
      ].sort(),
    );
    // Replayed with its key: the same answer, nothing entered twice.
    const again = await post('/api/stock-entries', body, admin, { 'Idempotency-Key': `nfe-${key}` });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await productRow(ctx.db, tenantId, existing.id)).toMatchObject({ currentStock: 36 });

    // The same key again, with another Idempotency-Key or none: refused, saying when.
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    for (const res2 of [await post('/api/stock-entries', body), await preview(xml)]) {
      expect(res2.status).toBe(409);
      expect(res2.body.error).toBe(`Esta NF-e já foi lançada em ${today}`);
    }

    // The next note of this supplier proposes what these codes entered as, with the box remembered.
    const next = await preview(
      note({
        lines: [
          { ...LINES[1]!, tax_unit: 'CX', tax_quantity: '2.0000', quantity: '2.0000', total_cents: 36_00 },
          LINES[2]!,
        ],
      }).xml,
    );
    expect(next.body.data.lines).toEqual([
      expect.objectContaining({
        match: 'link',
        product: expect.objectContaining({ id: water.id }),
        units_per_package: 12,
        factor_source: 'link',
        units: 24,
      }),
      expect.objectContaining({
        match: 'link',
        product: expect.objectContaining({ id: created.id, current_stock: 10 }),
      }),
    ]);

    const list = await http.get('/api/stock-entries', { token: admin });
    expect(list.body.data.stock_entries[0]).toMatchObject({ access_key: key });
    expect(list.body.data.pagination).toMatchObject({ total: 1 });
  });

  it("the DRE does not count goods bought for resale; the balance sheet's payables do", async () => {
    const dre = async () =>
      (await http.get('/api/financial-reports/dre?start_date=2031-03-01&end_date=2031-03-31', { token: admin })).body
        .data;
    const sheet = async () => (await http.get('/api/financial-reports/balance-sheet', { token: admin })).body.data;
    const [dreBefore, sheetBefore] = [await dre(), await sheet()];
    const { xml } = note({ duplicatas: [{ number: '1', due_date: '2031-03-15', amount_cents: 293_11 }] });
    const res = await post('/api/stock-entries', {
      xml,
      lines: [1, 2, 3].map((item_number) => ({
        item_number,
        new_product: { name: `Item ${item_number} ${numberSeq}`, sku: `S-${numberSeq}-${item_number}` },
      })),
    });
    expect(res.status).toBe(201);
    expect(await dre()).toEqual(dreBefore);
    const after = await sheet();
    expect(after.liabilities.current_liabilities.accounts_payable).toBeCloseTo(
      sheetBefore.liabilities.current_liabilities.accounts_payable + 293.11,
      2,
    );
    expect(after.assets.current_assets.inventory).toBeCloseTo(
      sheetBefore.assets.current_assets.inventory + 24 * 7.49 + 60 * 1.5 + 10 * 2.34,
      2,
    );
  });

  it('a confirm that fails midway writes nothing: entry, products, stock, links, bills', async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 3, cost: 5_00, name: 'Produto antes da falha' });
    const taken = await makeProduct(ctx.db, tenantId, { stock: 0, name: 'SKU ocupado' });
    const [takenRow] = await ctx.db.select({ sku: products.sku }).from(products).where(eq(products.id, taken.id));
    const counts = async () => [
      await tableCount(stockEntries),
      await tableCount(accountsPayable),
      await tableCount(supplierProductLinks),
    ];
    const before = await counts();
    const { xml } = note();
    const res = await post('/api/stock-entries', {
      xml,
      lines: [
        { item_number: 1, product_id: product.id },
        { item_number: 2, new_product: { name: 'Água nova', sku: `AGUA-${numberSeq}` } },
        { item_number: 3, new_product: { name: 'Biscoito novo', sku: takenRow!.sku.toLowerCase() } },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Item 3: já existe um produto com o SKU ${takenRow!.sku.toLowerCase()}`);
    expect(await counts()).toEqual(before);
    expect(await productRow(ctx.db, tenantId, product.id)).toMatchObject({ currentStock: 3, costPrice: 5_00 });
    const [{ n } = { n: 0 }] = await ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.name, 'Água nova')));
    expect(n).toBe(0);
    // A line without a choice, or one not in the note: 400 naming the item.
    const missing = await post('/api/stock-entries', { xml, lines: [{ item_number: 1, product_id: product.id }] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Item 2: escolha o produto ou crie um novo.');
    expect(await counts()).toEqual(before);
  });

  it('a note addressed to another CNPJ is a warning the admin may accept', async () => {
    const { xml } = note({ recipient_cnpj: '33445566000186' });
    const seen = await preview(xml);
    expect(seen.body.data.recipient_warning).toBe(
      'Esta NF-e é destinada a outro CNPJ (33.445.566/0001-86), não ao da loja (11.222.333/0001-81).',
    );
    const lines = [1, 2, 3].map((item_number) => ({
      item_number,
      new_product: { name: `Outro ${item_number}`, sku: `O-${numberSeq}-${item_number}` },
    }));
    const refused = await post('/api/stock-entries', { xml, lines });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Esta NF-e é destinada a outro CNPJ .* Confirme para lançá-la mesmo assim\.$/);
    const accepted = await post('/api/stock-entries', { xml, lines, accept_other_recipient: true });
    expect(accepted.status).toBe(201);
  });

  it("with 'last' cost the product's cost price is the cost of what came in", async () => {
    await http.put('/api/settings', { stock_cost_method: 'last' }, { token: admin });
    const product = await makeProduct(ctx.db, tenantId, { stock: 100, cost: 1_00 });
    const { xml } = note({ lines: [LINES[0]!], duplicatas: [] });
    const res = await post('/api/stock-entries', { xml, lines: [{ item_number: 1, product_id: product.id }] });
    expect(res.status).toBe(201);
    expect(await productRow(ctx.db, tenantId, product.id)).toMatchObject({ currentStock: 124, costPrice: 7_49 });
    expect(res.body.data.payables).toEqual([
      expect.objectContaining({ amount: 179.76, description: `NF-e ${numberSeq}/1` }),
    ]);
    await http.put('/api/settings', { stock_cost_method: 'average' }, { token: admin });
  });
});
