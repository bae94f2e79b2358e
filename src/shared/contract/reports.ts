import { z } from 'zod/mini';
import { DayRangeQuery, envelope, Id, IsoDate, Money, optionalFilter, QueryInt, SignedMoney } from './common';
import { GrowthUnavailableSchema } from './growth';

export const ReportRangeQuerySchema = z.object(DayRangeQuery);
export const BalanceSheetQuerySchema = z.object({ as_of_date: optionalFilter(IsoDate) });
export const SummaryQuerySchema = z.extend(ReportRangeQuerySchema, { as_of_date: optionalFilter(IsoDate) });

export const DreSchema = z.object({
  // Net of returns (a range with more returned than sold is negative).
  revenue: z.object({
    sales_revenue: SignedMoney,
    other_revenue: Money,
    total_revenue: SignedMoney,
    /** Beyond the spec's fields: the completed sales' totals before returns ('Receita bruta de vendas'). */
    gross_sales_revenue: z.optional(SignedMoney),
    /** Beyond the spec's fields: 'Devoluções e abatimentos', the value of the goods returned in the range. */
    returns: z.optional(Money),
  }),
  cost_of_goods_sold: z.object({
    product_costs: SignedMoney,
    direct_labor: Money,
    other_costs: Money,
    total_cogs: SignedMoney,
  }),
  gross_profit: SignedMoney,
  gross_margin_percentage: z.number(),
  operating_expenses: z.object({
    administrative: Money,
    marketing: Money,
    logistics: Money,
    technology: Money,
    utilities: Money,
    taxes: Money,
    other_expenses: Money,
    total_operating_expenses: Money,
  }),
  operating_income: SignedMoney,
  operating_margin_percentage: z.number(),
  net_income: SignedMoney,
  net_margin_percentage: z.number(),
});
export type Dre = z.infer<typeof DreSchema>;

export const BalanceSheetSchema = z.object({
  assets: z.object({
    current_assets: z.object({
      cash: SignedMoney,
      accounts_receivable: Money,
      inventory: SignedMoney,
      total_current_assets: SignedMoney,
    }),
    total_assets: SignedMoney,
  }),
  liabilities: z.object({
    current_liabilities: z.object({
      accounts_payable: Money,
      short_term_debt: Money,
      total_current_liabilities: Money,
    }),
    total_liabilities: Money,
  }),
  equity: z.object({ retained_earnings: SignedMoney, total_equity: SignedMoney }),
});
export type BalanceSheet = z.infer<typeof BalanceSheetSchema>;

export const ProfitabilitySchema = z.object({
  profitability_ratios: z.object({
    gross_profit_margin: z.number(),
    operating_margin: z.number(),
    net_margin: z.number(),
    return_on_assets: z.number(),
    return_on_equity: z.number(),
  }),
  /**
   * Against the period of equal length just before. A figure with nothing to compare
   * against (the period before had no revenue, or no result) stays 0, as older clients
   * read it, and its `_unavailable` companion says why (growth.ts); null: it compares.
   */
  growth_analysis: z.object({
    /** percent; 0 when unavailable */
    revenue_growth: z.number(),
    /** percent; 0 when unavailable */
    profit_growth: z.number(),
    /** percentage points; 0 when unavailable */
    margin_improvement: z.number(),
    revenue_growth_unavailable: z._default(GrowthUnavailableSchema, null),
    profit_growth_unavailable: z._default(GrowthUnavailableSchema, null),
    margin_improvement_unavailable: z._default(GrowthUnavailableSchema, null),
  }),
});
export type Profitability = z.infer<typeof ProfitabilitySchema>;

export const ProductMarginSchema = z.object({
  product_id: Id,
  product_name: z.string(),
  /** Beyond the spec's fields: size and colour variants of one product share its name. */
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  /** Net of returns. */
  revenue: SignedMoney,
  cost: SignedMoney,
  gross_profit: SignedMoney,
  margin_percentage: z.number(),
});
/** The best or worst product by margin: the spec's name and margin, and which variant it is. */
const PickedProductSchema = z.pick(ProductMarginSchema, {
  product_name: true,
  sku: true,
  size: true,
  color: true,
  margin_percentage: true,
});
/** The product list of the margin analysis: the products with the largest revenue, this many by default. */
export const MARGIN_ANALYSIS_MAX_PRODUCTS = 100;
/** What an export may ask for (every product a store sells). */
export const MARGIN_ANALYSIS_EXPORT_PRODUCTS = 100_000;

export const MarginAnalysisQuerySchema = z.object({
  ...DayRangeQuery,
  /** How many products to list (default MARGIN_ANALYSIS_MAX_PRODUCTS): an export asks for all. */
  limit: optionalFilter(QueryInt(1, MARGIN_ANALYSIS_EXPORT_PRODUCTS)),
});

/**
 * Margins by product over the range's completed sales. average_margin, best and worst
 * cover every product sold; product_margins lists the MARGIN_ANALYSIS_MAX_PRODUCTS with
 * the largest revenue, product_count says how many were sold in all.
 */
export const MarginAnalysisSchema = z.object({
  average_margin: z.number(),
  best_performing_product: z.nullable(PickedProductSchema),
  worst_performing_product: z.nullable(PickedProductSchema),
  product_margins: z.array(ProductMarginSchema),
  product_count: z.int(),
});
export type MarginAnalysis = z.infer<typeof MarginAnalysisSchema>;

export const SummaryReportSchema = z.object({
  period: z.object({ start_date: IsoDate, end_date: IsoDate, as_of_date: IsoDate }),
  dre: DreSchema,
  balance_sheet: BalanceSheetSchema,
  profitability: ProfitabilitySchema,
  margin_analysis: MarginAnalysisSchema,
});
export type SummaryReport = z.infer<typeof SummaryReportSchema>;

export const DreResponseSchema = envelope(DreSchema);
export const BalanceSheetResponseSchema = envelope(BalanceSheetSchema);
export const ProfitabilityResponseSchema = envelope(ProfitabilitySchema);
export const MarginAnalysisResponseSchema = envelope(MarginAnalysisSchema);
export const SummaryReportResponseSchema = envelope(SummaryReportSchema);
