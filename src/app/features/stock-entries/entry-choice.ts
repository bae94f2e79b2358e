// What the admin decided for each line of the note: an existing product (proposed by
// barcode or by the supplier code's link, or chosen by hand), a new product (name, SKU,
// sale price), or nothing yet; and, for a note without duplicatas, whether it is already
// paid or when it is due. Pure: the screen keeps these by item number.
import type { AccountPayable } from '../../../shared/contract/accounts';
import type {
  EntryProduct,
  NfePaymentChoice,
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

/** The bill of a note without duplicatas as the admin is saying it: dates are 'YYYY-MM-DD', '' or null (not a date). */
export type PaymentDraft =
  | { kind: 'none' }
  | { kind: 'paid'; date: string | null; method: NonNullable<AccountPayable['payment_method']> | 'none' }
  | { kind: 'due'; date: string | null };

/** What the preview proposes: nothing chosen (the admin says which). */
export const NO_PAYMENT: PaymentDraft = { kind: 'none' };

/** The confirm's `payment`, or null while it is not one the server takes (paid up to today, due from today on). */
export function paymentOf(draft: PaymentDraft, today: string): NfePaymentChoice | null {
  if (draft.kind === 'paid') {
    if (draft.date === null || draft.date > today) return null;
    return {
      kind: 'paid',
      ...(draft.date ? { payment_date: draft.date } : {}),
      ...(draft.method !== 'none' ? { payment_method: draft.method } : {}),
    };
  }
  if (draft.kind === 'due' && draft.date && draft.date >= today) return { kind: 'due', due_date: draft.date };
  return null;
}

/** The bills as they will be, with the due day or payment the admin gave to a note without duplicatas. */
export function plannedPayables(preview: NfePreview, payment: NfePaymentChoice | null): NfePreview['payables'] {
  if (!preview.payment_choice_needed || !payment) return preview.payables;
  const day = payment.kind === 'due' ? payment.due_date : (payment.payment_date ?? null);
  return preview.payables.map((p) => ({ ...p, due_date: day }));
}

export function confirmBody(
  xml: string,
  preview: NfePreview,
  choices: Choices,
  factors: Record<number, number>,
  acceptOtherRecipient: boolean,
  payment: NfePaymentChoice | null = null,
): StockEntryCreate {
  return {
    xml,
    accept_other_recipient: acceptOtherRecipient,
    ...(preview.payment_choice_needed && payment ? { payment } : {}),
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
