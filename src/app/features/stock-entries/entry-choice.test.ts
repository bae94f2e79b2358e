import { describe, expect, it } from 'vitest';
import type { NfePreview, NfePreviewLine } from '../../../shared/contract/stock-entries';
import { confirmBody, markupPrice, newProductOf, pendingLines, proposedChoices } from './entry-choice';

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
});
