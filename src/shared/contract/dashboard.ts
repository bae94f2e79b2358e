import { z } from 'zod/mini';
import { DASHBOARD_PERIOD_DAYS } from '../constants';
import { Id, IsoDate, Money, QueryInt, SignedMoney, Timestamp, envelope, optionalFilter } from './common';
import { GrowthUnavailableSchema } from './growth';

export const ScopeSchema = z.enum(['day', 'week', 'month']);

export const DashboardQuerySchema = z.object({
  scope: optionalFilter(ScopeSchema),
  days: optionalFilter(QueryInt(1, Math.max(...DASHBOARD_PERIOD_DAYS))),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const LowStockAlertSchema = z.object({
  id: Id,
  name: z.string(),
  /** Beyond the spec's fields: which variant to reorder ('' when the product has none; absent from older answers). */
  size: z._default(z.string(), ''),
  color: z._default(z.string(), ''),
  currentStock: z.int(),
  minStock: z.int(),
});
export const OverdueReceivableAlertSchema = z.object({
  id: Id,
  customer_name: z.string(),
  daysOverdue: z.int(),
  amount: Money,
});
export const OverduePayableAlertSchema = z.object({
  id: Id,
  supplier_name: z.string(),
  daysOverdue: z.int(),
  amount: Money,
});

/**
 * Each list holds at most OVERDUE_LIST_MAX alerts, the most urgent first; `counts` has
 * how many there are in all (the 'Alertas' card adds them up).
 */
export const AlertsSchema = z.object({
  lowStock: z.array(LowStockAlertSchema),
  overdueReceivables: z.array(OverdueReceivableAlertSchema),
  overduePayables: z.array(OverduePayableAlertSchema),
  counts: z.object({ lowStock: z.int(), overdueReceivables: z.int(), overduePayables: z.int() }),
  /**
   * Sale conflicts (stock, price, clock) nobody reviewed yet: the list is
   * GET /api/sale-conflicts. Admins only; 0 for the others.
   */
  saleConflicts: z.int(),
  /**
   * The store's A1 certificate when it expires within CERTIFICATE_WARNING_DAYS or has
   * expired (days_left < 0); admins only, null for the others and otherwise. Absent from
   * servers before it.
   */
  certificateExpiry: z._default(z.nullable(z.object({ not_after: Timestamp, days_left: z.int() })), null),
  /**
   * NFC-e SEFAZ rejected, waiting for the admin (Notas Fiscais: fix and resend, or void the
   * number); admins only, 0 for the others. Absent from servers before it.
   */
  rejectedNotes: z._default(z.int(), 0),
  /**
   * NFC-e replaced by the contingency note a till issued for the same sale (the note in doubt)
   * that stayed valid beside it (past the 168 hours of the cancel by substitution, or the
   * cancel refused): the admin's to see to with the accountant. Admins only; absent before it.
   */
  replacedNotes: z._default(z.int(), 0),
  /**
   * NFC-e issued in offline contingency not yet authorized: how many, and the deadline of the
   * oldest (when it must have reached SEFAZ; hours_left < 0 once past). Admins only; null
   * for the others, when there is none, and from servers before it.
   */
  contingencyNotes: z._default(
    z.nullable(z.object({ count: z.int(), deadline: Timestamp, hours_left: z.int() })),
    null,
  ),
});
export type Alerts = z.infer<typeof AlertsSchema>;

export const DashboardMetricsSchema = z.object({
  sales: z.object({ today: z.int(), thisWeek: z.int() }),
  revenue: z.object({
    today: SignedMoney,
    /** percent, month so far against the same days of last month; 0 when unavailable */
    growth: z.number(),
    /** Why growth compares nothing ('no_previous_sales', 'day_scope': growth.ts); null: it compares. */
    growth_unavailable: z._default(GrowthUnavailableSchema, null),
    thisMonth: SignedMoney,
    total: SignedMoney,
  }),
  customers: z.object({ total: z.int(), newThisMonth: z.int() }),
  products: z.object({ total: z.int(), lowStock: z.int(), outOfStock: z.int() }),
  financial: z.object({
    accountsReceivable: z.object({ total: Money, overdue: Money }),
    accountsPayable: z.object({ total: Money, overdue: Money }),
  }),
  alerts: AlertsSchema,
});
export type DashboardMetrics = z.infer<typeof DashboardMetricsSchema>;

export const SalesChartPointSchema = z.object({ date: IsoDate, sales: z.int(), revenue: SignedMoney });
export type SalesChartPoint = z.infer<typeof SalesChartPointSchema>;
export const DashboardCashFlowPointSchema = z.object({
  date: IsoDate,
  income: Money,
  expenses: Money,
  balance: SignedMoney,
});

export const DashboardMetricsResponseSchema = envelope(DashboardMetricsSchema);
export const SalesChartResponseSchema = envelope(z.array(SalesChartPointSchema));
export const DashboardCashFlowChartResponseSchema = envelope(z.array(DashboardCashFlowPointSchema));
export const AlertsResponseSchema = envelope(AlertsSchema);
