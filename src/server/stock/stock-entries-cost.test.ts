// Goods enter at what the store paid for them: two notes shaped like real suppliers' (one
// with ICMS-ST, IPI and a discount and no duplicatas, one with 6.5% IPI and three
// duplicatas), each line's acquisition cost shown in the preview, the products' costs, the
// stock's value, the payables, and the balance sheet's inventory rising by exactly what its
// payables rise. On PGlite and on PostgreSQL when DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, stockEntryLines } from '../db/schema';
import { makeProduct, productRow } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { entriesSuite, LINES, note } from './stock-entries-fixtures';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
/** Items 871,03; discount 40,70; ICMS-ST 47,95; IPI 1,40; vNF 879,68; paid by boleto, no duplicatas. */
const ST_NOTE = fixture('nfe-st-ipi-desconto-sem-duplicatas.xml');
/** Items 224.078,00; IPI 6,5% = 14.565,07; vNF 238.643,07 in three duplicatas. */
const IPI_NOTE = fixture('nfe-ipi-6-5-tres-duplicatas.xml');

const cents = (reais: number) => Math.round(reais * 100);

describe.each(databases())('NF-e entries: acquisition cost (%s)', (kind) => {
  const { s, post, preview } = entriesSuite(kind);

  /** The balance sheet's inventory and payables, in centavos. */
  const sheet = async () => {
    const data = (await s.http.get('/api/financial-reports/balance-sheet', { token: s.admin })).body.data;
    return {
      inventory: cents(data.assets.current_assets.inventory),
      payables: cents(data.liabilities.current_liabilities.accounts_payable),
    };
  };
  const linesOf = (data: { lines: { item_number: number }[] }) =>
    data.lines.map((l) => ({ item_number: l.item_number, new_product: { name: `Produto ${l.item_number}` } }));

  it('a note with ST, IPI and a discount: each line at its acquisition cost, the entry at vNF to the centavo', async () => {
    // The detergent is in stock already (10 at 2,00), with the note's barcode.
    const detergent = await makeProduct(s.ctx.db, s.tenantId, { stock: 10, cost: 2_00, name: 'Detergente 500ml' });
    await s.ctx.db.update(products).set({ barcode: '7891002000111' }).where(eq(products.id, detergent.id));

    const seen = await preview(ST_NOTE);
    expect(seen.status).toBe(200);
    const data = seen.body.data;
    expect(data).toMatchObject({ total: 879.68, cost_total: 879.68, warnings: [] });
    // 52,56 + ST 5,48 - discount 2,46 = 55,58 for 24 units: 2,3158 => 2,32.
    expect(data.lines[0]).toMatchObject({
      match: 'barcode',
      product: { id: detergent.id },
      total: 52.56,
      cost: { goods: 52.56, icms_st: 5.48, discount: 2.46, ipi: 0, freight: 0, total: 55.58 },
      units: 24,
      cost_per_unit: 2.32,
    });
    // The bags: 192,37 + IPI 1,40 - 8,99 = 184,78 for 13: 14,21.
    expect(data.lines[6]).toMatchObject({ cost: { ipi: 1.4, discount: 8.99, total: 184.78 }, cost_per_unit: 14.21 });
    const parts = data.lines.map((l: { cost: Record<string, number> }) => l.cost);
    const sum = (key: string) => cents(parts.reduce((total: number, c: Record<string, number>) => total + c[key]!, 0));
    expect([sum('goods'), sum('discount'), sum('icms_st'), sum('ipi'), sum('total')]).toEqual([
      871_03, 40_70, 47_95, 1_40, 879_68,
    ]);

    const before = await sheet();
    const lines = linesOf(data).map((l) => (l.item_number === 1 ? { item_number: 1, product_id: detergent.id } : l));
    const res = await post('/api/stock-entries', {
      xml: ST_NOTE,
      lines,
      payment: { kind: 'due', due_date: '2099-12-10' },
    });
    expect(res.status).toBe(201);
    const moved = res.body.data.products as { id: string; name: string; cost_price: number; units_in: number }[];
    // New products cost what their line cost them, a unit; the detergent averages
    // (10 x 2,00 + 55,58) / 34 = 2,2229 => 2,22.
    expect(moved.map((p) => [p.name, p.units_in, p.cost_price])).toEqual([
      ['Detergente 500ml', 24, 2.22],
      ['Produto 2', 12, 10.44],
      ['Produto 3', 14, 13.21],
      ['Produto 4', 18, 6.72],
      ['Produto 5', 30, 3.14],
      ['Produto 6', 20, 5.71],
      ['Produto 7', 13, 14.21],
    ]);
    // The stock's value keeps every centavo: 34 x 2,22 = 75,48 and 20,00 + 55,58 = 75,58.
    expect(await productRow(s.ctx.db, s.tenantId, detergent.id)).toMatchObject({
      currentStock: 34,
      costPrice: 2_22,
      costRemainder: 10,
    });
    const value = async (id: string) => {
      const row = await productRow(s.ctx.db, s.tenantId, id);
      return row.currentStock * row.costPrice + row.costRemainder;
    };
    let valuation = 0;
    for (const p of moved) valuation += await value(p.id);
    expect(valuation).toBe(20_00 + 879_68);
    expect(res.body.data.payables).toEqual([
      expect.objectContaining({ amount: 879.68, due_date: '2099-12-10', status: 'pending' }),
    ]);
    const entered = await s.ctx.db
      .select({ cost: stockEntryLines.costTotal })
      .from(stockEntryLines)
      .where(and(eq(stockEntryLines.tenantId, s.tenantId), eq(stockEntryLines.entryId, res.body.data.entry.id)));
    expect(entered.reduce((total, l) => total + l.cost, 0)).toBe(879_68);

    const after = await sheet();
    expect(after.payables - before.payables).toBe(879_68);
    expect(after.inventory - before.inventory).toBe(879_68);
  });

  it('a note with 6.5% IPI: the IPI is in the cost, and inventory rises by the three duplicatas', async () => {
    const seen = await preview(IPI_NOTE);
    expect(seen.body.data).toMatchObject({ total: 238643.07, cost_total: 238643.07, payment_choice_needed: false });
    const before = await sheet();
    const res = await post('/api/stock-entries', { xml: IPI_NOTE, lines: linesOf(seen.body.data) });
    expect(res.status).toBe(201);
    const moved = res.body.data.products as { units_in: number; cost_price: number }[];
    // 22.788,00 + IPI 1.481,22 = 24.269,22 for 120 drills: 202,24 (vProd alone: 189,90).
    expect(moved.map((p) => [p.units_in, cents(p.cost_price)])).toEqual([
      [120, 202_24],
      [80, 297_14],
      [45, 489_79],
      [150, 180_94],
      [60, 244_84],
      [400, 40_95],
      [600, 19_16],
      [35, 1_330_19],
      // Boxes of 10 taxed by the unit: 1.300 wrenches at 40,23.
      [1300, 40_23],
    ]);
    expect(res.body.data.payables.map((p: { amount: number }) => cents(p.amount))).toEqual([
      79_547_69, 79_547_69, 79_547_69,
    ]);
    const after = await sheet();
    expect(after.payables - before.payables).toBe(238_643_07);
    expect(after.inventory - before.inventory).toBe(238_643_07);
  });

  it('a cost price typed by hand values the stock alone: the remainder goes', async () => {
    const dup = { number: '1', due_date: '2099-01-10', amount_cents: LINES[2]!.total_cents };
    const res = await post('/api/stock-entries', {
      xml: note({ lines: [LINES[2]!], duplicatas: [dup] }).xml,
      lines: [{ item_number: 1, new_product: { name: 'Biscoito custo digitado' } }],
    });
    expect(res.status).toBe(201);
    const id = res.body.data.products[0].id as string;
    // 23,35 for 10: 2,34 each and -5 centavos over.
    expect(await productRow(s.ctx.db, s.tenantId, id)).toMatchObject({ costPrice: 2_34, costRemainder: -5 });
    const product = (await s.http.get(`/api/products/${id}`, { token: s.admin })).body.data;
    // The whole form again, unchanged: the remainder stays.
    expect((await s.http.put(`/api/products/${id}`, product, { token: s.admin })).status).toBe(200);
    expect(await productRow(s.ctx.db, s.tenantId, id)).toMatchObject({ costPrice: 2_34, costRemainder: -5 });
    expect((await s.http.put(`/api/products/${id}`, { ...product, cost_price: 2.5 }, { token: s.admin })).status).toBe(
      200,
    );
    expect(await productRow(s.ctx.db, s.tenantId, id)).toMatchObject({ costPrice: 2_50, costRemainder: 0 });
  });
});
