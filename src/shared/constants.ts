// Business constants and limits of spec §9, in one place.

export const REFRESH_THRESHOLD_MS = 300_000;
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  tokenExpiresAt: 'tokenExpiresAt',
} as const;

export const SUBDOMAIN_MIN_LENGTH = 1;
export const SUBDOMAIN_MAX_LENGTH = 100;
export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'app', 'dev', 'staging', 'test', 'localhost'] as const;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;
export const PAGE_SIZE_PAYABLES = 20;
export const PAGE_SIZE_RECEIVABLES = 50;
export const PAGE_SIZE_CASH_FLOW = 50;

export const DASHBOARD_PERIOD_DAYS = [30, 90, 180, 365, 730] as const;
export const DASHBOARD_DEFAULT_PERIOD_DAYS = 365;
export const DASHBOARD_NON_ADMIN_DAYS = 1;
export const REPORT_PERIOD_DAYS = [7, 30, 90] as const;
export const ADMIN_DEFAULT_RANGE_DAYS = 30;
export const NON_ADMIN_RANGE_DAYS = 1;

export const CREDIARIO_MIN_INSTALLMENTS = 1;
export const CREDIARIO_MAX_INSTALLMENTS = 6;
export const CREDIARIO_DEFAULT_INSTALLMENTS = 2;
export const CREDIARIO_SPACING_DAYS = 30;

export const RECEIVABLES_SEARCH_DEBOUNCE_MS = 500;
/** Not in the spec: the payables search waits this long after the last key before asking. */
export const PAYABLES_SEARCH_DEBOUNCE_MS = 300;

export const STALE_TIME_DEFAULT_MS = 5 * 60_000;
export const GC_TIME_DEFAULT_MS = 10 * 60_000;
export const STALE_TIME_PAYABLES_MS = 5 * 60_000;
export const STALE_TIME_PAYABLE_STATS_MS = 5 * 60_000;
export const STALE_TIME_PAYABLE_OVERDUE_MS = 2 * 60_000;
export const STALE_TIME_RECEIVABLE_STATS_MS = 2 * 60_000;
export const STALE_TIME_RECEIVABLE_OVERDUE_MS = 60_000;
export const STALE_TIME_LISTS_MS = 5 * 60_000;
/** Cash flow (list, summary, chart): 5 min fresh, kept 10 min. */
export const STALE_TIME_CASH_FLOW_MS = 5 * 60_000;
export const GC_TIME_CASH_FLOW_MS = 10 * 60_000;
export const QUERY_RETRIES = 1;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 4_000;

export const SIDEBAR_DESKTOP_BREAKPOINT_PX = 1024;

export const MARGIN_GOOD_PCT = 20;
export const MARGIN_FAIR_PCT = 10;

export const PAYABLE_CATEGORIES = [
  'Matéria-prima',
  'Logística',
  'Serviços',
  'Utilidades',
  'Tecnologia',
  'Marketing',
  'Administrativo',
  'Impostos',
  'Mercadorias para revenda',
] as const;
/**
 * Bills for goods bought for resale (an NF-e entry's payables): inventory, not an expense;
 * the DRE counts them when sold, as product_costs.
 */
export const GOODS_FOR_RESALE_CATEGORY = 'Mercadorias para revenda';
export const SALES_CATEGORY = 'Vendas';
export const CASH_FLOW_CATEGORIES = [...PAYABLE_CATEGORIES, SALES_CATEGORY] as const;

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const LOGIN_RATE_LIMIT_MAX = 5;
export const LOGIN_RATE_LIMIT_WINDOW_MS = 15 * 60_000;
export const LOGIN_RATE_LIMIT_IP_MAX = 50;
/** Wrong admin passwords a cashier may type on approvals per window (their own counter, not the admin's login). */
export const APPROVAL_RATE_LIMIT_ASKER_MAX = 5;
/** Wrong passwords of one admin typed on approvals per window, whoever asks (never their login's count). */
export const APPROVAL_RATE_LIMIT_ADMIN_MAX = 10;

/**
 * A sale's `sold_at` (the device's clock) is kept when it lies between this long before
 * the server received the sale and SALE_SOLD_AT_FUTURE_MAX_MS after; otherwise the sale
 * is dated at receipt and carries a clock conflict. The past bound is also how long a
 * till may have been offline for its prices to count (an offline sale's unit price is
 * checked against the prices the product had from this long before sold_at to receipt).
 */
export const SALE_SOLD_AT_PAST_MAX_MS = 7 * 24 * 60 * 60_000;
export const SALE_SOLD_AT_FUTURE_MAX_MS = 5 * 60_000;
/**
 * Nova Venda online sends a finished sale straight to the server and waits this long for
 * the answer; without one in time the sale goes to the outbox (same id and key).
 */
export const SALE_DIRECT_TIMEOUT_MS = 6_000;
