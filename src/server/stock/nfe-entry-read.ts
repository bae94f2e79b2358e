// What a supplier's NF-e would enter, read the same way for the preview and the confirm:
// the note parsed (nfe-parse.ts), refused when its key already entered this store; each
// line with its units per package (typed, else remembered for this supplier's code, else
// the note's qTrib per qCom, else 1), its units and unit cost, and the product it is
// proposed to enter as: the product with its barcode, else the one this supplier's code
// was linked to last time, else a new one; its acquisition cost (nfe-line-costs.ts) and
// the cost of one unit. Also the bills it makes (one per duplicata, or one for the total,
// whose due day the admin gives) and whether the note is addressed to another store.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LineMatch, NfePreview, NfePreviewLine, StoreSettings } from '../../shared/contract';
import { dayInSaoPaulo, formatDate } from '../../shared/dates';
import { formatBRL } from '../../shared/money';
import { formatDocument, stripDocument } from '../../shared/documents';
import type { DbOrTx } from '../db/client';
import { products, stockEntries, supplierProductLinks, tenants, type ProductRow } from '../db/schema';
import { conflict, notFound, MESSAGES } from '../errors';
import { getStoreSettings } from '../core/store-settings';
import { costPerUnit, factorFromTaxUnit, unitsOf } from './entry-units';
import { acquisitionCost } from './nfe-line-costs';
import { parseNfe, type NfeDocument, type NfeLine } from './nfe-parse';

export const ENTRY_MESSAGES = {
  entered: (day: string) => `Esta NF-e já foi lançada em ${formatDate(day)}`,
  otherRecipient: (recipient: string, store: string) =>
    `Esta NF-e é destinada a outro CNPJ (${recipient}), não ao da loja (${store}).`,
  personRecipient: (cpf: string, store: string) =>
    `Esta NF-e é destinada a um CPF (${cpf}), não ao CNPJ da loja (${store}).`,
  noRecipient: (store: string) => `Esta NF-e não diz a quem se destina; o CNPJ da loja é ${store}.`,
  negativeCost: 'o desconto do item é maior que o seu valor com impostos e despesas.',
  costMismatch: (cost: number, total: number) =>
    `O custo dos itens (${formatBRL(cost)}) não fecha com o total da nota (${formatBRL(total)}): ` +
    `a nota tem valores que não são do custo das mercadorias (ICMS desonerado, imposto de importação ou serviços). ` +
    `O estoque entra pelo custo dos itens; as contas a pagar, pelo total.`,
  fractional: (line: NfeLine) =>
    `${line.quantity.replace('.', ',')} ${line.unit} não dá um número inteiro de unidades: informe quantas unidades há em cada ${line.unit}.`,
} as const;

/** A line as it would enter, with the product row it is proposed for (null: a new one). */
export interface EntryLine extends Omit<NfePreviewLine, 'product'> {
  source: NfeLine;
  product: ProductRow | null;
}

export interface EntryRead {
  doc: NfeDocument;
  supplierDocument: string;
  lines: EntryLine[];
  /** The lines' acquisition costs added up. */
  costTotal: number;
  /** What the admin should know beyond the parser's warnings (pt-BR). */
  warnings: string[];
  payables: NfePreview['payables'];
  recipientWarning: string | null;
  settings: StoreSettings;
}

/** 'NF-e 123/1', the payables' reference. */
export const nfeReference = (doc: { number: number; series: number }) => `NF-e ${doc.number}/${doc.series}`;

/** Refuses a key this store already entered, saying when. */
export async function refuseEnteredKey(t: DbOrTx, tenantId: string, accessKey: string): Promise<void> {
  const [entered] = await t
    .select({ createdAt: stockEntries.createdAt })
    .from(stockEntries)
    .where(and(eq(stockEntries.tenantId, tenantId), eq(stockEntries.accessKey, accessKey)));
  if (entered) throw enteredError(entered.createdAt);
}

export const enteredError = (createdAt: Date) =>
  conflict(ENTRY_MESSAGES.entered(dayInSaoPaulo(createdAt)), { reason: 'ALREADY_ENTERED' });

function recipientWarning(doc: NfeDocument, storeCnpj: string | null): string | null {
  if (!storeCnpj) return null;
  const store = formatDocument(stripDocument(storeCnpj));
  const { cnpj, cpf } = doc.recipient;
  if (cnpj !== null) {
    return stripDocument(cnpj) === stripDocument(storeCnpj)
      ? null
      : ENTRY_MESSAGES.otherRecipient(formatDocument(cnpj), store);
  }
  if (cpf !== null) return ENTRY_MESSAGES.personRecipient(formatDocument(cpf), store);
  return ENTRY_MESSAGES.noRecipient(store);
}

/**
 * One bill per duplicata; a note without them is one bill of its total, whose due day
 * (or payment) the admin gives on the confirm.
 */
function payablesOf(doc: NfeDocument): NfePreview['payables'] {
  const reference = nfeReference(doc);
  const issueDay = dayInSaoPaulo(new Date(doc.issued_at));
  const dups = doc.duplicatas.filter((d) => d.amount_cents > 0);
  if (dups.length === 0) {
    return doc.total_cents > 0 ? [{ description: reference, due_date: null, amount: doc.total_cents }] : [];
  }
  return dups.map((d, i) => ({
    description: `${reference} - parcela ${d.number ?? String(i + 1)} de ${dups.length}`,
    due_date: d.due_date ?? issueDay,
    amount: d.amount_cents,
  }));
}

/** A note without duplicatas: its one bill needs the admin's word (paid, or due when). */
export const paymentChoiceNeeded = (read: Pick<EntryRead, 'payables'>) =>
  read.payables.length === 1 && read.payables[0]!.due_date === null;

const gtin14 = (code: string) => code.padStart(14, '0');

/** Live products with these barcodes, by the barcode as 14 digits (a GTIN-13 is a GTIN-14 with a leading 0). */
async function productsByBarcode(t: DbOrTx, tenantId: string, eans: string[]): Promise<Map<string, ProductRow>> {
  if (eans.length === 0) return new Map();
  const rows = await t
    .select()
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenantId),
        isNull(products.deletedAt),
        inArray(sql`lpad(${products.barcode}, 14, '0')`, eans.map(gtin14)),
      ),
    );
  return new Map(rows.map((row) => [gtin14(row.barcode!), row]));
}

/** Reads `xml` as an entry of this store; `typed` are the units per package the admin typed, by item. */
export async function readEntry(
  t: DbOrTx,
  tenantId: string,
  xml: string,
  typed: ReadonlyMap<number, number>,
): Promise<EntryRead> {
  const doc = parseNfe(xml);
  await refuseEnteredKey(t, tenantId, doc.access_key);
  const supplierDocument = doc.supplier.cnpj ?? doc.supplier.cpf!;
  const [[store], settings] = await Promise.all([
    t.select({ cnpj: tenants.cnpj }).from(tenants).where(eq(tenants.id, tenantId)),
    getStoreSettings(t, tenantId),
  ]);
  if (!store) throw notFound(MESSAGES.tenantNotFound);

  const codes = [...new Set(doc.lines.map((l) => l.supplier_code))];
  const eans = [...new Set(doc.lines.flatMap((l) => (l.ean ? [l.ean] : [])))];
  const [links, byBarcode] = await Promise.all([
    t
      .select()
      .from(supplierProductLinks)
      .where(
        and(
          eq(supplierProductLinks.tenantId, tenantId),
          eq(supplierProductLinks.supplierDocument, supplierDocument),
          inArray(supplierProductLinks.supplierCode, codes),
        ),
      ),
    productsByBarcode(t, tenantId, eans),
  ]);
  const linkOf = new Map(links.map((l) => [l.supplierCode, l]));
  const linkedIds = [...new Set(links.map((l) => l.productId))];
  const linked = linkedIds.length
    ? await t
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), isNull(products.deletedAt), inArray(products.id, linkedIds)))
    : [];
  const productById = new Map(linked.map((p) => [p.id, p]));

  const lines = doc.lines.map((source): EntryLine => {
    const link = linkOf.get(source.supplier_code);
    const fromNote = factorFromTaxUnit(source);
    const typedFactor = typed.get(source.item_number);
    const [units_per_package, factor_source] =
      typedFactor !== undefined
        ? [typedFactor, 'typed' as const]
        : link
          ? [link.unitsPerPackage, 'link' as const]
          : fromNote !== null
            ? [fromNote, 'tax_quantity' as const]
            : [1, 'none' as const];
    const units = unitsOf(source.quantity, units_per_package);
    const barcodeProduct = source.ean ? byBarcode.get(gtin14(source.ean)) : undefined;
    const linkProduct = link ? productById.get(link.productId) : undefined;
    const product = barcodeProduct ?? linkProduct ?? null;
    const match: LineMatch = barcodeProduct ? 'barcode' : linkProduct ? 'link' : 'new';
    const costTotal = acquisitionCost(source.total_cents, source.extras);
    const problem =
      units === null ? ENTRY_MESSAGES.fractional(source) : costTotal < 0 ? ENTRY_MESSAGES.negativeCost : null;
    return {
      source,
      item_number: source.item_number,
      supplier_code: source.supplier_code,
      ean: source.ean,
      description: source.description,
      ncm: source.ncm,
      unit: source.unit,
      quantity: source.quantity,
      unit_cost: source.unit_cost,
      total: source.total_cents,
      cost: { goods: source.total_cents, ...source.extras, total: Math.max(0, costTotal) },
      units_per_package,
      factor_source,
      units,
      cost_per_unit: problem === null && units !== null ? costPerUnit(costTotal, units) : null,
      match,
      product,
      problem,
    };
  });
  const costTotal = lines.reduce((sum, l) => sum + l.cost.total, 0);
  const warnings = costTotal === doc.total_cents ? [] : [ENTRY_MESSAGES.costMismatch(costTotal, doc.total_cents)];

  return {
    doc,
    supplierDocument,
    lines,
    costTotal,
    warnings,
    payables: payablesOf(doc),
    recipientWarning: recipientWarning(doc, store.cnpj),
    settings,
  };
}
