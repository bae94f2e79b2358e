// The figures of Relatórios Financeiros on the hand-built store (src/server/test/hand-store.ts:
// every centavo known, today = 2030-05-09), each worked out in its comments.
import { balanceSheetOf } from '../../shared/test/balance-sheet-figures';
import type { HandStore } from '../test/hand-store';

/** 05-01..05-09 (previous range: 04-22..04-30). */
export const DRE = {
  revenue: {
    sales_revenue: 504.7, // s3 85,00 + s4 115,00 + s5 29,70 + s6 240,00 + s8 35,00 (s7 cancelled)
    other_revenue: 1165, // m1 1.000,00 + m4 25,00 + r1 80,00 + r2 60,00 (r3 cancelled)
    total_revenue: 1669.7,
    gross_sales_revenue: 504.7, // no returns in the range
    returns: 0,
  },
  cost_of_goods_sold: {
    product_costs: 229, // 30,00 + 60,00 + 9,00 + 120,00 + 10,00
    direct_labor: 0,
    other_costs: 300, // p1 Matéria-prima
    total_cogs: 529,
  },
  gross_profit: 1140.7,
  gross_margin_percentage: 68.32, // 1.140,70 / 1.669,70
  operating_expenses: {
    administrative: 150, // p2 (p9 is due before the range)
    marketing: 80, // p3
    logistics: 45.5, // p4
    technology: 0, // p5 cancelled
    utilities: 275.75, // p6 210,35 + m2 65,40
    taxes: 500, // p7
    other_expenses: 132, // p8 Serviços 120,00 + m3 (Vendas) 12,00
    total_operating_expenses: 1183.25,
  },
  operating_income: -42.55,
  operating_margin_percentage: -2.55,
  net_income: -42.55,
  net_margin_percentage: -2.55,
};

/** As of 05-09. */
export const SHEET_END = balanceSheetOf({
  cash: 2866.45, // the cash book through 05-09
  accounts_receivable: 230, // s9's installment 50,00 + s6's second 100,00 + r1 80,00
  inventory: 2315, // 96 x 20,00 + 6 x 60,00 + 2 x 10,00 + 0 (Meia at -1) + 1 x 15,00
  accounts_payable: 763, // p2 150,00 + p3 80,00 + p7 500,00 + p10 33,00
});

/** As of 05-04: what was open at the end of that day. */
export const SHEET_0504 = balanceSheetOf({
  cash: 2729.6,
  // s9's 50,00; r1 80,00 (created 05-02 at 23:30); r2 60,00 (paid 05-08); r3 45,00
  // (cancelled 05-09); s6's installments did not exist yet.
  accounts_receivable: 235,
  inventory: 2315, // today's stock: it has no history
  // p2 150,00 + p3 80,00 + p4 45,50 (paid 05-06) + p5 99,90 (cancelled 05-09) + p6 210,35
  // (paid 05-09) + p7 500,00; not p1, p8, p9 (paid by then), p10 (created 05-06), p11
  // (cancelled 04-16).
  accounts_payable: 1085.75,
});

export const PROFITABILITY = {
  profitability_ratios: {
    gross_profit_margin: 68.32,
    operating_margin: -2.55,
    net_margin: -2.55,
    return_on_assets: -0.79, // -42,55 / 5.411,45
    return_on_equity: -0.92, // -42,55 / 4.648,45
  },
  growth_analysis: {
    // 04-22..04-30: s9 50,00 (cost 20,00); p9 Administrativo 70,00; m5 Marketing 20,00:
    // revenue 50,00, net -60,00, net margin -120 %.
    revenue_growth: 3239.4, // (1.669,70 - 50,00) / 50,00
    profit_growth: 29.08, // (-42,55 + 60,00) / 60,00
    margin_improvement: 117.45, // -2,55 - (-120,00)
    revenue_growth_unavailable: null,
    profit_growth_unavailable: null,
    margin_improvement_unavailable: null,
  },
};

/** Margins for 05-01..05-09, by revenue. */
export const marginsOf = (products: HandStore['products']) => ({
  average_margin: 54.63, // (175,00 + 50,00 + 30,00 + 20,70) / 504,70
  best_performing_product: { product_name: 'Boné', sku: 'BON', size: '', color: '', margin_percentage: 71.43 },
  worst_performing_product: { product_name: 'Calça', sku: 'CAL', size: '42', color: 'Azul', margin_percentage: 49.3 },
  product_margins: [
    // s4 115,00 + s6 240,00; cost 60,00 + 120,00
    {
      product_id: products.calca,
      product_name: 'Calça',
      sku: 'CAL',
      size: '42',
      color: 'Azul',
      revenue: 355,
      cost: 180,
      gross_profit: 175,
      margin_percentage: 49.3,
    },
    // s3 35,00 + s8 35,00
    {
      product_id: products.bone,
      product_name: 'Boné',
      sku: 'BON',
      size: '',
      color: '',
      revenue: 70,
      cost: 20,
      gross_profit: 50,
      margin_percentage: 71.43,
    },
    // s3 only (s7 cancelled)
    {
      product_id: products.camiseta,
      product_name: 'Camiseta',
      sku: 'CAM',
      size: '',
      color: '',
      revenue: 50,
      cost: 20,
      gross_profit: 30,
      margin_percentage: 60,
    },
    {
      product_id: products.meia,
      product_name: 'Meia',
      sku: 'MEI',
      size: '',
      color: '',
      revenue: 29.7,
      cost: 9,
      gross_profit: 20.7,
      margin_percentage: 69.7,
    },
  ],
  product_count: 4,
});
