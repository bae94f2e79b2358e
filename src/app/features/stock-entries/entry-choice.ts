// What the admin decided for each line of the note: an existing product (proposed by
// barcode or by the supplier code's link, or chosen by hand), a new product (name, SKU,
// sale price), or nothing yet. Pure: the screen keeps these by item number.
import type {
  EntryProduct,
  NfePreview,
  NfePreviewLine,
  StockEntryCreate,
} from '../../../shared/contract/stock-entries';

export type LineChoice =
  | { kind: 'product'; product: EntryProduct; byHand: boolean }
  | { kind: 'new'; name: string; sku: string; sale_price: number }
  | { kind: 'none' };

export type Choices = Record<number, LineChoice>;

/** A sale price of `markup` % over `cost` centavos, to the centavo (as the server proposes). */
export function markupPrice(cost: number, markup: number): number {
  return Math.round((cost * (10_000 + Math.round(markup * 100))) / 10_000);
}

/** The product a new line would create, as proposed. */
export type NewProductChoice = Extract<LineChoice, { kind: 'new' }>;

export function newProductOf(line: NfePreviewLine, markup: number): NewProductChoice {
  return {
    kind: 'new',
    name: line.description,
    sku: line.ean ?? line.supplier_code,
    sale_price: markupPrice(line.cost_per_unit ?? 0, markup),
  };
}

/** What the preview proposes: its product where it found one, nothing for a new line. */
export function proposedChoices(preview: NfePreview, previous: Choices = {}): Choices {
  const out: Choices = {};
  for (const line of preview.lines) {
    const kept = previous[line.item_number];
    if (kept && kept.kind !== 'none') out[line.item_number] = kept;
    else
      out[line.item_number] = line.product
        ? { kind: 'product', product: line.product, byHand: false }
        : { kind: 'none' };
  }
  return out;
}

export function pendingLines(preview: NfePreview, choices: Choices): number {
  return preview.lines.filter((l) => (choices[l.item_number]?.kind ?? 'none') === 'none' || l.problem).length;
}

export function confirmBody(
  xml: string,
  preview: NfePreview,
  choices: Choices,
  factors: Record<number, number>,
  acceptOtherRecipient: boolean,
): StockEntryCreate {
  return {
    xml,
    accept_other_recipient: acceptOtherRecipient,
    lines: preview.lines.map((line) => {
      const choice = choices[line.item_number] ?? { kind: 'none' };
      const factor = factors[line.item_number];
      const base = { item_number: line.item_number, ...(factor ? { units_per_package: factor } : {}) };
      if (choice.kind === 'product') return { ...base, product_id: choice.product.id };
      if (choice.kind === 'new') {
        return { ...base, new_product: { name: choice.name, sku: choice.sku, sale_price: choice.sale_price } };
      }
      return base;
    }),
  };
}
