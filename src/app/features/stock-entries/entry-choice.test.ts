import { describe, expect, it } from 'vitest';
import type { NfePreview, NfePreviewLine } from '../../../shared/contract/stock-entries';
import {
  confirmBody,
  markupPrice,
  newProductOf,
  paymentOf,
  pendingLines,
  plannedPayables,
  proposedChoices,
} from './entry-choice';
import { costParts, hasExtras } from './line-cost';

const line = (item: number, extra: Partial<NfePreviewLine> = {}): NfePreviewLine => ({
  item_number: item,
  supplier_code: `C${item}`,
  ean: null,
  description: `ITEM ${item}`,
  ncm: '21069090',
  unit: 'UN',
  quantity: '2',
  unit_cost: '3',
  total: 600,
  cost: { goods: 600, ipi: 0, icms_st: 0, fcp_st: 0, freight: 0, insurance: 0, other: 0, discount: 0, total: 600 },
  units_per_package: 1,
  factor_source: 'none',
  units: 2,
  cost_per_unit: 300,
  match: 'new',
  product: null,
  problem: null,
  ...extra,
});

const product = {
  id: '0b1e8a52-7c4f-4d39-9a51-4f3f0c1d2e3a',
  sku: 'X',
  name: 'Produto X',
  current_stock: 1,
  cost_price: 100,
  sale_price: 200,
};
const preview = (lines: NfePreviewLine[]) => ({ lines, markup_percent: 50 }) as unknown as NfePreview;

describe('Entrada de Mercadorias: the choices of each line', () => {
  it('proposes the product the server found and nothing for a new line; keeps what the admin chose', () => {
    const p = preview([line(1, { match: 'link', product }), line(2)]);
    const choices = proposedChoices(p);
    expect(choices[1]).toEqual({ kind: 'product', product, byHand: false });
    expect(choices[2]).toEqual({ kind: 'none' });
    expect(pendingLines(p, choices)).toBe(1);
    const kept = proposedChoices(p, { 2: newProductOf(line(2, { ean: '7894900011517' }), 50) });
    expect(kept[2]).toEqual({ kind: 'new', name: 'ITEM 2', sku: '7894900011517', sale_price: 450 });
    expect(pendingLines(p, kept)).toBe(0);
    // A line whose units are not whole stays pending whatever is chosen.
    const broken = preview([line(1, { units: null, problem: 'fração' })]);
    expect(pendingLines(broken, { 1: { kind: 'product', product, byHand: true } })).toBe(1);
  });

  it('sends each line as a product id or a new product, with the factor typed', () => {
    const p = preview([line(1), line(2)]);
    const body = confirmBody(
      '<xml/>',
      p,
      { 1: { kind: 'product', product, byHand: true }, 2: { kind: 'new', name: 'Novo', sku: 'N-1', sale_price: 999 } },
      { 2: 12 },
      true,
    );
    expect(body).toEqual({
      xml: '<xml/>',
      accept_other_recipient: true,
      lines: [
        { item_number: 1, product_id: product.id },
        { item_number: 2, units_per_package: 12, new_product: { name: 'Novo', sku: 'N-1', sale_price: 999 } },
      ],
    });
    expect(markupPrice(234, 100)).toBe(468);
  });

  it('a note without duplicatas: paid up to today or due from today on, sent only then', () => {
    const today = '2026-11-29';
    expect(paymentOf({ kind: 'none' }, today)).toBeNull();
    expect(paymentOf({ kind: 'due', date: '2026-11-28' }, today)).toBeNull();
    expect(paymentOf({ kind: 'due', date: '' }, today)).toBeNull();
    expect(paymentOf({ kind: 'due', date: null }, today)).toBeNull();
    expect(paymentOf({ kind: 'due', date: today }, today)).toEqual({ kind: 'due', due_date: today });
    expect(paymentOf({ kind: 'paid', date: '2026-11-30', method: 'pix' }, today)).toBeNull();
    expect(paymentOf({ kind: 'paid', date: '', method: 'none' }, today)).toEqual({ kind: 'paid' });
    expect(paymentOf({ kind: 'paid', date: '2026-11-20', method: 'pix' }, today)).toEqual({
      kind: 'paid',
      payment_date: '2026-11-20',
      payment_method: 'pix',
    });
    const bill = { description: 'NF-e 1/1', due_date: null, amount: 10_00 };
    const p = { ...preview([line(1)]), payment_choice_needed: true, payables: [bill] } as NfePreview;
    expect(plannedPayables(p, { kind: 'due', due_date: '2026-12-10' })).toEqual([{ ...bill, due_date: '2026-12-10' }]);
    expect(plannedPayables(p, null)).toEqual([bill]);
    const payment = { kind: 'due' as const, due_date: '2026-12-10' };
    expect(
      confirmBody('<xml/>', p, { 1: { kind: 'product', product, byHand: true } }, {}, false, payment),
    ).toMatchObject({
      payment,
    });
    // A note with duplicatas sends none.
    const withDups = { ...p, payment_choice_needed: false } as NfePreview;
    expect(confirmBody('<xml/>', withDups, {}, {}, false, payment)).not.toHaveProperty('payment');
  });

  it("shows what a line's cost includes", () => {
    const cost = {
      goods: 52_56,
      ipi: 0,
      icms_st: 5_48,
      fcp_st: 0,
      freight: 0,
      insurance: 0,
      other: 0,
      discount: 2_46,
      total: 55_58,
    };
    expect(hasExtras(cost)).toBe(true);
    expect(costParts(cost).map((t) => t.replace(/\s/g, ' '))).toEqual([
      'Produtos R$ 52,56',
      '+ ICMS-ST R$ 5,48',
      '− Desconto R$ 2,46',
    ]);
    expect(hasExtras({ ...cost, icms_st: 0, discount: 0, total: 52_56 })).toBe(false);
  });
});
