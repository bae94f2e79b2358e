// Goods in from a supplier's NF-e ('Entrada de Mercadorias', admins only). The XML goes to
// the server twice: once for the preview (what each line would enter and as what), once
// with the admin's choices to confirm; the server reads the note itself both times, so the
// quantities, costs and bills always come from the document, never from the screen.
import { z } from 'zod/mini';
import { envelope, Id, IsoDate, Money, pageOf, PageQuery, RequiredText, Timestamp } from './common';
import { AccountPayableSchema, PayablePaymentMethodSchema } from './accounts';

/** Files up to 5 MB (the parser counts bytes; this bounds the text before it). */
export const NFE_XML_MAX_CHARS = 5 * 1024 * 1024;
/** The largest package the admin may type (units in one box). */
export const UNITS_PER_PACKAGE_MAX = 100_000;

const NfeXml = z
  .string({ error: 'Envie o XML da NF-e' })
  .check(
    z.minLength(1, { error: 'Envie o XML da NF-e' }),
    z.maxLength(NFE_XML_MAX_CHARS, { error: 'O arquivo tem mais de 5 MB. Envie só o XML da NF-e.' }),
  );

export const UnitsPerPackage = z
  .int({ error: 'Use um número inteiro de unidades' })
  .check(
    z.gte(1, { error: 'A embalagem tem ao menos 1 unidade' }),
    z.lte(UNITS_PER_PACKAGE_MAX, { error: `No máximo ${UNITS_PER_PACKAGE_MAX} unidades por embalagem` }),
  );

const ItemNumber = z.int().check(z.gte(1), z.lte(990));

/** A factor the admin typed for a line (units in one of the supplier's packages). */
const LineFactor = z.object({ item_number: ItemNumber, units_per_package: UnitsPerPackage });

export const NfePreviewRequestSchema = z.object({
  xml: NfeXml,
  /** Factors typed on the screen; a line not named keeps the remembered or the note's (qTrib). */
  lines: z.optional(z.array(LineFactor).check(z.maxLength(990))),
});
export type NfePreviewRequest = z.infer<typeof NfePreviewRequestSchema>;

export const LINE_MATCHES = ['barcode', 'link', 'new'] as const;
export type LineMatch = (typeof LINE_MATCHES)[number];

export const EntryProductSchema = z.object({
  id: Id,
  sku: z.string(),
  name: z.string(),
  current_stock: z.int(),
  cost_price: Money,
  sale_price: Money,
});
export type EntryProduct = z.infer<typeof EntryProductSchema>;

/**
 * What one line costs the store, in centavos: the goods (vProd) plus the IPI, ICMS-ST,
 * FCP-ST, freight, insurance and other expenses of the item, less its discount. Over
 * the note's lines the totals add up to vNF.
 */
export const NfeLineCostSchema = z.object({
  goods: Money,
  ipi: Money,
  icms_st: Money,
  fcp_st: Money,
  freight: Money,
  insurance: Money,
  other: Money,
  discount: Money,
  total: Money,
});
export type NfeLineCost = z.infer<typeof NfeLineCostSchema>;

export const NfePreviewLineSchema = z.object({
  item_number: z.int(),
  supplier_code: z.string(),
  ean: z.nullable(z.string()),
  description: z.string(),
  ncm: z.string(),
  unit: z.string(),
  /** qCom as written (decimal text, '.' separator). */
  quantity: z.string(),
  /** vUnCom as written (decimal text in reais, up to 10 places). */
  unit_cost: z.string(),
  /** vProd */
  total: Money,
  /** The line's acquisition cost and what it includes. */
  cost: NfeLineCostSchema,
  units_per_package: z.int(),
  /** Where the factor came from: the note's qTrib, the link remembered, typed, or none (1). */
  factor_source: z.enum(['tax_quantity', 'link', 'typed', 'none']),
  /** Units into stock; null when the quantity is not a whole number of units. */
  units: z.nullable(z.int()),
  /** Cost of one unit into stock (the line's acquisition cost over its units, to the centavo). */
  cost_per_unit: z.nullable(Money),
  match: z.enum(LINE_MATCHES),
  product: z.nullable(EntryProductSchema),
  /** What stops this line from entering as it is (pt-BR); null when it may. */
  problem: z.nullable(z.string()),
});
export type NfePreviewLine = z.infer<typeof NfePreviewLineSchema>;

export const NfePayablePlanSchema = z.object({
  description: z.string(),
  /** Null: the note has no duplicatas, the admin says when it is due or that it is paid. */
  due_date: z.nullable(IsoDate),
  amount: Money,
});

/** A payment the note declares (pag/detPag). */
export const NfeDeclaredPaymentSchema = z.object({
  /** tPag ('01' dinheiro, '15' boleto, '17' Pix...). */
  form: z.string(),
  /** Its pt-BR name (xPag for '99' Outros when written). */
  label: z.string(),
  amount: Money,
  /** indPag: 'now' à vista, 'later' a prazo, null when not written. */
  term: z.nullable(z.enum(['now', 'later'])),
  /** dPag, the day paid, when written. */
  paid_on: z.nullable(IsoDate),
  /** The payable's method this form proposes; null when none fits. */
  payable_method: z.nullable(PayablePaymentMethodSchema),
});
export type NfeDeclaredPayment = z.infer<typeof NfeDeclaredPaymentSchema>;

/**
 * For a note without duplicatas, what the admin says of its one bill: already paid (on
 * a day up to today; absent: today), or due on a day from today on.
 */
export const NfePaymentChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('paid'),
      payment_date: z.optional(IsoDate),
      payment_method: z.optional(PayablePaymentMethodSchema),
    }),
    z.object({ kind: z.literal('due'), due_date: IsoDate }),
  ],
  { error: "Diga se a NF-e já foi paga ('paid') ou quando vence ('due')" },
);
export type NfePaymentChoice = z.infer<typeof NfePaymentChoiceSchema>;

export const NfePreviewSchema = z.object({
  access_key: z.string(),
  number: z.int(),
  series: z.int(),
  issued_at: Timestamp,
  supplier: z.object({ document: z.string(), name: z.string() }),
  recipient: z.object({ document: z.nullable(z.string()), name: z.nullable(z.string()) }),
  total: Money,
  lines: z.array(NfePreviewLineSchema),
  /** The bills the entry will create (one per duplicata, or one for the total). */
  payables: z.array(NfePayablePlanSchema),
  /** How the note says it is paid (pag/detPag). */
  payments: z.array(NfeDeclaredPaymentSchema),
  /** No duplicatas: the confirm needs `payment` (paid, or due on a day). */
  payment_choice_needed: z.boolean(),
  /** The lines' acquisition costs added up: what the goods enter stock at (vNF when the note adds up). */
  cost_total: Money,
  /** 'Esta NF-e é destinada a outro CNPJ...': the admin may accept it (accept_other_recipient). */
  recipient_warning: z.nullable(z.string()),
  /** What the admin should know (pt-BR). */
  warnings: z.array(z.string()),
  /** The sale price of a new product: its unit cost plus this markup, unless typed. */
  markup_percent: z.number(),
});
export type NfePreview = z.infer<typeof NfePreviewSchema>;
export const NfePreviewResponseSchema = envelope(NfePreviewSchema);

/** A product created from a line: name, SKU and sale price as the admin left them. */
export const NewProductFromLineSchema = z.object({
  name: RequiredText('Nome do produto', 200),
  sku: z.optional(RequiredText('SKU', 60)),
  /** Absent: the unit cost plus the store's markup. */
  sale_price: z.optional(Money),
});

export const StockEntryLineChoiceSchema = z
  .object({
    item_number: ItemNumber,
    units_per_package: z.optional(UnitsPerPackage),
    product_id: z.optional(Id),
    new_product: z.optional(NewProductFromLineSchema),
  })
  .check(
    z.refine((l) => (l.product_id === undefined) !== (l.new_product === undefined), {
      error: 'Escolha um produto ou crie um novo para cada item',
      path: ['product_id'],
    }),
  );
export type StockEntryLineChoice = z.infer<typeof StockEntryLineChoiceSchema>;

export const StockEntryCreateSchema = z.object({
  xml: NfeXml,
  /** The admin accepts an NF-e addressed to another CNPJ than the store's. */
  accept_other_recipient: z._default(z.boolean(), false),
  lines: z
    .array(StockEntryLineChoiceSchema)
    .check(z.minLength(1, { error: 'Escolha o produto de cada item' }), z.maxLength(990)),
  /** Required when the note has no duplicatas (preview's payment_choice_needed); refused otherwise. */
  payment: z.optional(NfePaymentChoiceSchema),
});
export type StockEntryCreate = z.infer<typeof StockEntryCreateSchema>;

export const StockEntrySchema = z.object({
  id: Id,
  access_key: z.string(),
  number: z.int(),
  series: z.int(),
  issued_at: Timestamp,
  supplier_document: z.string(),
  supplier_name: z.string(),
  total: Money,
  line_count: z.int(),
  created_at: Timestamp,
});
export type StockEntry = z.infer<typeof StockEntrySchema>;

export const StockEntryResultSchema = z.object({
  entry: StockEntrySchema,
  /** Each product the entry moved, as it is after it (stock and cost price). */
  products: z.array(z.extend(EntryProductSchema, { created: z.boolean(), units_in: z.int() })),
  payables: z.array(AccountPayableSchema),
});
export type StockEntryResult = z.infer<typeof StockEntryResultSchema>;
export const StockEntryResultResponseSchema = envelope(StockEntryResultSchema);

export const StockEntryListQuerySchema = z.object({ ...PageQuery });
export type StockEntryListQuery = z.infer<typeof StockEntryListQuerySchema>;
export const StockEntryListResponseSchema = envelope(pageOf('stock_entries', StockEntrySchema));
