// Goods in from a supplier's NF-e through the API: the confirm in one transaction (stock,
// costs, links, payables), what it does to the reports, a confirm that fails writing
// nothing, another store's note, the 'last' cost method. On PGlite and on PostgreSQL when
// DATABASE_URL is set.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsPayable, products, stockEntries, stockMovements, supplierProductLinks } from '../db/schema';
import { makeProduct, productRow } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { entriesSuite, LINES, note, numberSeq, SUPPLIER } from './stock-entries-fixtures';

describe.each(databases())('NF-e entries: confirm (%s)', (kind) => {
  const { s, post, preview, tableCount } = entriesSuite(kind);

  it('confirms: stock in units, cost prices, the new product, links and one payable per duplicata to the centavo', async () => {
    const existing = await makeProduct(s.ctx.db, s.tenantId, {
      stock: 12,
      cost: 6_00,
      price: 9_90,
      name: 'Refrigerante Cola 2L',
    });
    const water = await makeProduct(s.ctx.db, s.tenantId, { stock: 0, cost: 1_00, price: 2_50, name: 'Água 500ml' });
    await s.ctx.db.update(products).set({ barcode: '7894900011517' }).where(eq(products.id, existing.id));
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
    const res = await post('/api/stock-entries', body, s.admin, { 'Idempotency-Key': `nfe-${key}` });
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
    expect(await productRow(s.ctx.db, s.tenantId, existing.id)).toMatchObject({ currentStock: 36, costPrice: 6_99 });
    // No stock on hand: the cost of what came in, per unit.
    expect(await productRow(s.ctx.db, s.tenantId, water.id)).toMatchObject({ currentStock: 60, costPrice: 1_50 });
    const created = moved.find((p: { created: boolean }) => p.created);
    // Markup 100% (the store's default) over 2,34.
    expect((await productRow(s.ctx.db, s.tenantId, created.id)).barcode).toBeNull();
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
    const movements = await s.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.tenantId, s.tenantId), eq(stockMovements.kind, 'nfe_entry')));
    expect(movements.map((m) => [m.productId, m.quantity, m.stockAfter, m.entryId]).sort()).toEqual(
      [
        [existing.id, 24, 36, entry.id],
        [water.id, 60, 60, entry.id],
        [created.id, 10, 10, entry.id],
      ].sort(),
    );
    // Replayed with its key: the same answer, nothing entered twice.
    const again = await post('/api/stock-entries', body, s.admin, { 'Idempotency-Key': `nfe-${key}` });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await productRow(s.ctx.db, s.tenantId, existing.id)).toMatchObject({ currentStock: 36 });

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

    const list = await s.http.get('/api/stock-entries', { token: s.admin });
    expect(list.body.data.stock_entries[0]).toMatchObject({ access_key: key });
    expect(list.body.data.pagination).toMatchObject({ total: 1 });
  });

  it("the DRE does not count goods bought for resale; the balance sheet's payables do", async () => {
    const dre = async () =>
      (await s.http.get('/api/financial-reports/dre?start_date=2031-03-01&end_date=2031-03-31', { token: s.admin }))
        .body.data;
    const sheet = async () => (await s.http.get('/api/financial-reports/balance-sheet', { token: s.admin })).body.data;
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
    // The goods enter at what the note costs, to the centavo: 24 x 7,49 + 60 x 1,50 + 10 x
    // 2,34 would be 293,16; the biscuits' remainder (-5 centavos) keeps it at 293,11.
    const rise = (a: number, b: number) => Math.round(a * 100) - Math.round(b * 100);
    expect(rise(after.assets.current_assets.inventory, sheetBefore.assets.current_assets.inventory)).toBe(293_11);
  });

  it('a confirm that fails midway writes nothing: entry, products, stock, links, bills', async () => {
    const product = await makeProduct(s.ctx.db, s.tenantId, { stock: 3, cost: 5_00, name: 'Produto antes da falha' });
    const taken = await makeProduct(s.ctx.db, s.tenantId, { stock: 0, name: 'SKU ocupado' });
    const [takenRow] = await s.ctx.db.select({ sku: products.sku }).from(products).where(eq(products.id, taken.id));
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
    expect(await productRow(s.ctx.db, s.tenantId, product.id)).toMatchObject({ currentStock: 3, costPrice: 5_00 });
    const [{ n } = { n: 0 }] = await s.ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.tenantId, s.tenantId), eq(products.name, 'Água nova')));
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
    await s.http.put('/api/settings', { stock_cost_method: 'last' }, { token: s.admin });
    const product = await makeProduct(s.ctx.db, s.tenantId, { stock: 100, cost: 1_00 });
    const { xml } = note({ lines: [LINES[0]!], duplicatas: [] });
    const res = await post('/api/stock-entries', {
      xml,
      lines: [{ item_number: 1, product_id: product.id }],
      payment: { kind: 'due', due_date: '2099-01-10' },
    });
    expect(res.status).toBe(201);
    expect(await productRow(s.ctx.db, s.tenantId, product.id)).toMatchObject({ currentStock: 124, costPrice: 7_49 });
    expect(res.body.data.payables).toEqual([
      expect.objectContaining({ amount: 179.76, description: `NF-e ${numberSeq}/1`, due_date: '2099-01-10' }),
    ]);
    await s.http.put('/api/settings', { stock_cost_method: 'average' }, { token: s.admin });
  });
});
