// A sale as the server records it (lines, payments, crediário, the conflicts of an offline
// sale), the body of POST /api/sales and the list's query. An admin's later changes are in
import { FiscalNoteReceiptSchema, NoteDocument } from './fiscal-notes';
// sale-edits.ts, the outbox's batch in sale-batch.ts, the statistics in sale-history.ts.
import { z } from 'zod/mini';
import { CREDIARIO_MAX_INSTALLMENTS, CREDIARIO_MIN_INSTALLMENTS } from '../constants';
import {
  DayRangeQuery,
  envelope,
  Id,
  IsoDate,
  LineQuantity,
  MadeBy,
  Money,
  optionalFilter,
  pageOf,
  PageQuery,
  PlainText,
  Quantity,
  SearchQuery,
  Timestamp,
} from './common';
import {
  PartPaymentMethodSchema,
  PaymentMethodSchema,
  SaleMethodSchema,
  SalePaymentSchema,
  SalePaymentsInputSchema,
} from './payments';
import { SALE_NUMBER_PATTERN } from '../sale-number';
import { CreditApprovalTokenSchema } from './credit';

/** The outbox's batch of sales is part of this module's surface (the device imports it from here). */
export * from './sale-batch';

/** 'A-0042' (a device's) or '0107' (the store's): shared/sale-number.ts. */
export const SaleNumberSchema = z.string().check(z.regex(SALE_NUMBER_PATTERN, { error: 'Número de venda inválido' }));

/** The methods and their names live with the payments (one list); the sale's surface re-exports them. */
export {
  methodLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PaymentMethodSchema,
  type PaymentMethod,
  SALE_METHODS,
  SaleMethodSchema,
  type SaleMethod,
} from './payments';

export const SALE_PAYMENT_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const SALE_STATUSES = ['completed', 'cancelled'] as const;

export const SaleItemSchema = z.object({
  id: Id,
  product_id: Id,
  product_name: z.string(),
  /** The product's size and colour when sold ('' when none). */
  product_size: z.string(),
  product_color: z.string(),
  quantity: Quantity,
  unit_price: Money,
  /** What was charged for the line: quantity × unit_price - discount - its share of the sale's discount. */
  total_price: Money,
  /** The discount given on the line. */
  discount: Money,
});
export type SaleItem = z.infer<typeof SaleItemSchema>;

/** The product a conflict or a refused line is about: its id and its name. */
const ProductNamed = { product_id: Id, product_name: z.string() };

export const StockConflictSchema = z.object({
  ...ProductNamed,
  requested: Quantity,
  available: Quantity,
});
export type StockConflict = z.infer<typeof StockConflictSchema>;

/**
 * A line of an offline sale whose unit price the product never had while the till could
 * have been offline (sales.ts: the price rule). Centavos inside, reais at the edge.
 */
export const PriceConflictSchema = z.object({
  ...ProductNamed,
  unit_price: Money,
  /** the product's sale_price when the sale arrived */
  current_price: Money,
});
export type PriceConflict = z.infer<typeof PriceConflictSchema>;

/**
 * The `details` of a 409 PRICE_CHANGED (an online sale at a price that is not the
 * product's current one): one entry per line, prices in centavos, so the till updates
 * its lines without reading the sentence.
 */
export const PriceChangedDetailSchema = z.object({
  ...ProductNamed,
  unit_price_centavos: z.int(),
  current_price_centavos: z.int(),
});
export type PriceChangedDetail = z.infer<typeof PriceChangedDetailSchema>;

export const CrediarioSchema = z.object({
  entrada: z._default(Money, 0),
  /** How the entrada was paid (a part of the sale's payments); cash when not told. */
  entrada_method: z.optional(PartPaymentMethodSchema),
  parcelas: z
    .int()
    .check(
      z.gte(CREDIARIO_MIN_INSTALLMENTS, { error: 'Crediário: mínimo de 1 parcela' }),
      z.lte(CREDIARIO_MAX_INSTALLMENTS, { error: `Crediário: máximo de ${CREDIARIO_MAX_INSTALLMENTS} parcelas` }),
    ),
  vencimentos: z.array(IsoDate),
});
export type Crediario = z.infer<typeof CrediarioSchema>;

export const SaleSchema = z.object({
  id: Id,
  /** What people read aloud and type: 'A-0042'. */
  number: SaleNumberSchema,
  customer_id: Id,
  customer_name: z.string(),
  items: z.array(SaleItemSchema),
  total: Money,
  /** The discount given on the whole sale (shared out over the lines' total_price). */
  discount: Money,
  /** Its largest money part's method; 'store_credit' when the vale-troca paid it all. */
  payment_method: SaleMethodSchema,
  payment_status: z.enum(SALE_PAYMENT_STATUSES),
  sale_status: z.enum(SALE_STATUSES),
  crediario: z.nullable(CrediarioSchema),
  /** The parts it was paid in (payments.ts): one with the total for a single method; a crediário sale's entrada. */
  payments: z.array(SalePaymentSchema),
  /** Shortfalls of an offline sale replayed beyond server stock. */
  stock_conflicts: z.array(StockConflictSchema),
  /** Lines of an offline sale at a price the product did not have (sales/create/sale-price.ts on the server). */
  price_conflicts: z.array(PriceConflictSchema),
  offline: z.boolean(),
  notes: z.nullable(z.string()),
  created_by: z.nullable(Id),
  /** When the sale happened at the till (offline sales arrive later); day filters use it. */
  sold_at: Timestamp,
  /** When the server received it. */
  received_at: Timestamp,
  /** The device's time when it was not believable (a clock conflict); sold_at is then received_at. */
  claimed_sold_at: z.nullable(Timestamp),
  device_label: z.nullable(z.string()),
  /** The till session (caixa) it belongs to; null for a sale made without one. */
  cash_session_id: z.optional(z.nullable(Id)),
  device_id: z.optional(z.nullable(Id)),
  /** Who made it (the cashier's name), when known. */
  cashier_name: z.optional(z.nullable(z.string())),
  cancelled_at: z.optional(z.nullable(Timestamp)),
  /** Why an admin cancelled it. */
  cancel_reason: z.optional(z.nullable(z.string())),
  /** Its NFC-e, when the store emits (contract/fiscal-notes.ts); null or absent otherwise. */
  fiscal_note: z.optional(z.nullable(FiscalNoteReceiptSchema)),
  /**
   * Why the sale has no NFC-e though the store emits (a product without NCM, a till without
   * its series, the A1 missing or expired, the emitter incomplete), in pt-BR, as kept in
   * fiscal_unissued; null or absent otherwise (emission off, or the sale has its note).
   * Answers stored before it parse without it.
   */
  fiscal_unissued_reason: z.optional(z.nullable(z.string())),
  /**
   * On a cancel's answer: what the admin should know of the sale's NFC-e when it was not
   * cancelled with the sale (outside the window, refused, not yet authorized), in pt-BR.
   */
  fiscal_note_notice: z.optional(z.nullable(z.string())),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Sale = z.infer<typeof SaleSchema>;

export const SaleItemInputSchema = z.object({
  product_id: Id,
  quantity: LineQuantity,
  /** The product's price at the till, undiscounted (the price rule compares it). */
  unit_price: Money,
  /** R$ off this line (at most quantity × unit_price; a cashier within the store's limit). */
  discount: z.optional(Money),
});

export const SaleCreateSchema = z
  .object({
    /** Client-chosen id: the outbox row's id, so a replay names the same sale. */
    id: z.optional(Id),
    /** The number the till gave it ('A-0042'); the server gives one when absent or already taken. */
    number: z.optional(SaleNumberSchema),
    customer_id: Id,
    items: z
      .array(SaleItemInputSchema)
      .check(z.minLength(1, { error: 'Adicione pelo menos um produto antes de finalizar a venda' }), z.maxLength(500)),
    payment_method: PaymentMethodSchema,
    /**
     * Paid in parts (not with crediário): they must add up to the total to the centavo. The
     * sale's payment_method is then the method of its largest part (the first of equals).
     */
    payments: z.optional(SalePaymentsInputSchema),
    /** R$ off the whole sale, shared out over its lines (at most what they cost after their own discounts). */
    discount: z.optional(Money),
    payment_status: z._default(z.enum(SALE_PAYMENT_STATUSES), 'pending'),
    sale_status: z._default(z.enum(SALE_STATUSES), 'completed'),
    crediario: z.optional(CrediarioSchema),
    notes: z.optional(PlainText({ multiline: true }).check(z.maxLength(500))),
    /** Set by the outbox: a sale that already happened at the till. */
    offline: z._default(z.boolean(), false),
    /** When the sale happened at the till, by the device's clock (offline sales arrive later). */
    sold_at: z.optional(Timestamp),
    /** The till that sold it (a random id the device keeps) and a name a person can read. */
    device_id: z.optional(Id),
    device_label: z.optional(PlainText().check(z.maxLength(80))),
    /** The open till session (caixa) of the device that sold it. */
    cash_session_id: z.optional(Id),
    /** Who sold it, when it comes from the outbox (the device's signed-in user then). */
    made_by: MadeBy,
    /** An admin's approval to sell this crediário sale over the customer's credit limit (contract/credit.ts). */
    credit_approval: z.optional(CreditApprovalTokenSchema),
    /** 'CPF na nota?': the consumer's CPF or CNPJ for the NFC-e's dest (none: 'CONSUMIDOR NÃO IDENTIFICADO'). */
    fiscal_document: z.optional(NoteDocument),
    /**
     * The till issued this sale's NFC-e itself in offline contingency (tpEmis 9): the server
     * makes no note for it and waits for that one (POST /api/fiscal/contingency-notes).
     */
    fiscal_contingency: z.optional(
      z.object({
        series: z.int().check(z.gte(0), z.lte(999)),
        number: z.int().check(z.gte(1), z.lte(999_999_999)),
        /** The note's access key (44 characters; letters where an alphanumeric CNPJ has them). */
        key: z.string().check(z.regex(/^[0-9A-Z]{44}$/, 'Chave de acesso inválida')),
      }),
    ),
  })
  .check(
    z.superRefine((sale, ctx) => {
      if (sale.payment_method === 'crediario') {
        if (sale.payments) {
          ctx.addIssue({
            code: 'custom',
            path: ['payments'],
            message: 'No crediário, informe a forma de pagamento da entrada (crediario.entrada_method)',
          });
        }
        if (!sale.crediario) {
          ctx.addIssue({ code: 'custom', path: ['crediario'], message: 'Informe as parcelas do crediário' });
        } else if (sale.crediario.vencimentos.length !== sale.crediario.parcelas) {
          ctx.addIssue({
            code: 'custom',
            path: ['crediario', 'vencimentos'],
            message: 'Informe um vencimento para cada parcela',
          });
        }
      }
    }),
  );
export type SaleCreate = z.infer<typeof SaleCreateSchema>;

export const SaleListQuerySchema = z.object({
  ...PageQuery,
  search: SearchQuery,
  customer_id: optionalFilter(Id),
  payment_method: optionalFilter(SaleMethodSchema),
  sale_status: optionalFilter(z.enum(SALE_STATUSES)),
  ...DayRangeQuery,
  /** only sales with stock conflicts (admins) */
  conflicts: optionalFilter(z.enum(['true', 'false'])),
  /** the customer's name or CPF/CNPJ */
  customer: SearchQuery,
  /** a sale number as typed: 'A-0042', 'a42'; bare digits find any device's sale of that number */
  number: SearchQuery,
  /** who made it (a user's id) */
  created_by: optionalFilter(Id),
  /** the till that sold it */
  device_id: optionalFilter(Id),
});
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;

/** A product's stock on the server right after a sale (the mirror takes this exact number). */
export const StockAfterSchema = z.object({ product_id: Id, current_stock: Quantity, version: z.int() });
export type StockAfter = z.infer<typeof StockAfterSchema>;

/** POST /api/sales answers the sale and the stock it left behind. */
export const SaleCreateResultSchema = z.extend(SaleSchema, { stock_after: z.optional(z.array(StockAfterSchema)) });
export type SaleCreateResult = z.infer<typeof SaleCreateResultSchema>;

export const SaleListSchema = pageOf('sales', SaleSchema);
export const SaleListResponseSchema = envelope(SaleListSchema);
export const SaleResponseSchema = envelope(SaleSchema);
export const SaleCreateResponseSchema = envelope(SaleCreateResultSchema);
