// The dashboard's and the reports' calls, each with the raw SQL of the same aggregate
// (DESIGN.md 'Finance rules'; src/server/reports): what the figures cost the database
// alone, written here on their own, to set the API's time against and to check its
// answer ('receita total 123 = SQL'). Every statement a call needs is run, in order.
import { addDays } from '../src/shared/dates';
import type { Statement } from './finance-calls';
import {
  balanceStatement,
  COMPLETED,
  dreStatements,
  equityOf,
  from,
  lastDays,
  marginStatement,
  netOf,
  OTHER,
  previous,
  salesStatements,
  until,
} from './report-statements';

export interface ReportCall {
  name: string;
  path: string;
  /** The p95 aim on PostgreSQL (PGlite: REPORT_AIM_PGLITE_MS). */
  aimMs: number;
  statements: Statement[];
  /** The API's answer against the raw results: a short note. */
  agree(body: unknown, raw: Record<string, unknown>[][]): string;
}

const centavos = (reais: unknown) => Math.round(Number(reais) * 100);
const same = (what: string, api: number, raw: unknown) =>
  api === Number(raw) ? `${what} ${api} = SQL` : `${what}: API ${api} ≠ SQL ${String(raw)}`;
const dataOf = (body: unknown) => (body as { data: Record<string, unknown> }).data;

export function reportCalls(tenant: string, today: string): ReportCall[] {
  const withTenant = (statements: Statement[]) => statements.map((s) => ({ ...s, params: [tenant, ...s.params] }));
  const calls: ReportCall[] = [];
  calls.push(metricsCall(today));
  for (const days of [365, 730]) {
    const r = lastDays(days, today);
    calls.push({
      name: `dashboard: gráfico de vendas, ${days} dias`,
      path: `/api/dashboard/sales-chart?days=${days}`,
      aimMs: 200,
      statements: [
        {
          text: `WITH per_day AS (
                   SELECT sp_day(s.sold_at) AS day, count(*) AS sales, sum(s.total) AS revenue
                     FROM sales s WHERE ${COMPLETED} GROUP BY 1)
                 SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(p.sales, 0)::int AS sales, coalesce(p.revenue, 0)::float8 AS revenue
                   FROM generate_series($4::date, $5::date, interval '1 day') d LEFT JOIN per_day p ON p.day = d::date ORDER BY d`,
          params: [from(r.start), until(r.end), r.start, r.end],
        },
      ],
      agree: (body, raw) => {
        const points = (body as { data: { revenue: number }[] }).data;
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        return `${same('pontos', points.length, raw[0]?.length)} · ${same(
          'receita (centavos)',
          sum(points.map((p) => centavos(p.revenue))),
          sum((raw[0] ?? []).map((p) => Number(p.revenue))),
        )}`;
      },
    });
    calls.push({
      name: `dashboard: gráfico do caixa, ${days} dias`,
      path: `/api/dashboard/cash-flow-chart?days=${days}`,
      aimMs: 200,
      statements: [
        {
          text: `WITH initial AS (SELECT coalesce(sum(income - expenses), 0) AS balance FROM cash_flow_days WHERE tenant_id = $1 AND date < $2::date)
                 SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(p.income, 0)::float8 AS income, coalesce(p.expenses, 0)::float8 AS expenses,
                        ((SELECT balance FROM initial) + sum(coalesce(p.income, 0) - coalesce(p.expenses, 0)) OVER (ORDER BY d))::float8 AS balance
                   FROM generate_series($2::date, $3::date, interval '1 day') d
                   LEFT JOIN (SELECT date, sum(income) AS income, sum(expenses) AS expenses FROM cash_flow_days
                               WHERE tenant_id = $1 AND date BETWEEN $2::date AND $3::date GROUP BY date) p
                     ON p.date = d::date ORDER BY d`,
          params: [r.start, r.end],
        },
      ],
      agree: (body, raw) => {
        const points = (body as { data: { balance: number }[] }).data;
        return `${same('pontos', points.length, raw[0]?.length)} · ${same('saldo final (centavos)', centavos(points.at(-1)?.balance), raw[0]?.at(-1)?.balance)}`;
      },
    });
  }
  for (const days of [90, 365]) {
    const r = lastDays(days, today);
    const range = `start_date=${r.start}&end_date=${r.end}`;
    const dreNet = (raw: Record<string, unknown>[][]) => netOf(raw[0]?.[0], raw[1]?.[0], raw[2] ?? []);
    calls.push({
      name: `relatório DRE, ${days} dias`,
      path: `/api/financial-reports/dre?${range}`,
      aimMs: 200,
      statements: dreStatements(r),
      agree: (body, raw) => same('lucro líquido (centavos)', centavos(dataOf(body).net_income), dreNet(raw)),
    });
    const asOf = days === 90 ? addDays(today, -89) : today;
    calls.push({
      name: `relatório balanço, em ${days === 90 ? 'há 90 dias' : 'hoje'}`,
      path: `/api/financial-reports/balance-sheet?as_of_date=${asOf}`,
      aimMs: 200,
      statements: [balanceStatement(asOf)],
      agree: (body, raw) => {
        const equity = (dataOf(body).equity as { total_equity: number }).total_equity;
        return same('patrimônio (centavos)', centavos(equity), equityOf(raw[0]?.[0]));
      },
    });
    const before = previous(r);
    // What profitability and the summary both read: the period's and the previous one's
    // sales and other figures, and the balance at the period's end.
    const periodStatements = [
      ...salesStatements([r, before]),
      { text: OTHER, params: [r.start, r.end] },
      { text: OTHER, params: [before.start, before.end] },
      balanceStatement(r.end),
    ];
    calls.push({
      name: `relatório lucratividade, ${days} dias`,
      path: `/api/financial-reports/profitability?${range}`,
      aimMs: 200,
      statements: periodStatements,
      agree: (body, raw) => {
        const net = netOf(raw[0]?.[0], raw[1]?.[0], raw[2] ?? []);
        const roa = (dataOf(body).profitability_ratios as { return_on_assets: number }).return_on_assets;
        return `ROA ${roa} % (lucro ${net} centavos no SQL)`;
      },
    });
    calls.push({
      name: `relatório margens, ${days} dias`,
      path: `/api/financial-reports/margin-analysis?${range}`,
      aimMs: 200,
      statements: [marginStatement(r)],
      agree: (body, raw) => {
        const data = dataOf(body) as { product_count: number; product_margins: { revenue: number }[] };
        return `${same('produtos', data.product_count, raw[0]?.[0]?.product_count)} · ${same(
          'maior receita (centavos)',
          centavos(data.product_margins[0]?.revenue ?? 0),
          (raw[0]?.[0]?.top as { revenue: number }[] | null)?.[0]?.revenue ?? 0,
        )}`;
      },
    });
    calls.push({
      name: `relatório resumo, ${days} dias`,
      path: `/api/financial-reports/summary?${range}`,
      aimMs: 200,
      statements: [...periodStatements, marginStatement(r)],
      agree: (body, raw) =>
        same(
          'lucro líquido (centavos)',
          centavos((dataOf(body).dre as { net_income: number }).net_income),
          dreNet(raw),
        ),
    });
  }
  return calls.map((c) => ({ ...c, statements: withTenant(c.statements) }));
}

/** The metric cards: sales figures, catalogue counts, open accounts and the three alert lists. */
function metricsCall(today: string): ReportCall {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const week = addDays(today, -((weekday + 6) % 7));
  const month = `${today.slice(0, 8)}01`;
  const prev = new Date(`${month}T00:00:00Z`);
  prev.setUTCMonth(prev.getUTCMonth() - 1);
  const previousMonth = prev.toISOString().slice(0, 10);
  const cut = addDays(previousMonth, Number(today.slice(8, 10)) - 1);
  const previousCut = cut < addDays(month, -1) ? cut : addDays(month, -1);
  const open = (table: string) => `
    SELECT coalesce(sum(amount) FILTER (WHERE due_date >= $2::date), 0)::float8 AS pending,
           coalesce(sum(amount) FILTER (WHERE due_date < $2::date), 0)::float8 AS overdue
      FROM ${table} WHERE tenant_id = $1 AND status = 'pending'`;
  const overdueOrder = `due_date ASC, id`;
  return {
    name: 'dashboard: métricas',
    path: '/api/dashboard/metrics',
    aimMs: 100,
    statements: [
      {
        text: `SELECT count(*) FILTER (WHERE sold_at >= $2::timestamptz)::int AS today,
                      count(*) FILTER (WHERE sold_at >= $3::timestamptz)::int AS week,
                      coalesce(sum(total) FILTER (WHERE sold_at >= $2::timestamptz), 0)::float8 AS revenue_today,
                      coalesce(sum(total) FILTER (WHERE sold_at >= $4::timestamptz), 0)::float8 AS revenue_month,
                      coalesce(sum(total) FILTER (WHERE sold_at >= $5::timestamptz AND sold_at < $6::timestamptz), 0)::float8 AS revenue_previous,
                      coalesce(sum(total), 0)::float8 AS revenue_total
                 FROM sales WHERE tenant_id = $1 AND sale_status = 'completed' AND sold_at < $7::timestamptz`,
        params: [from(today), from(week), from(month), from(previousMonth), until(previousCut), until(today)],
      },
      {
        text: `SELECT (SELECT count(*) FROM customers WHERE tenant_id = $1 AND deleted_at IS NULL)::int AS customers,
                      (SELECT count(*) FROM customers WHERE tenant_id = $1 AND deleted_at IS NULL AND created_at >= $2::timestamptz)::int AS new_customers,
                      p.* FROM (SELECT count(*)::int AS products, count(*) FILTER (WHERE current_stock <= 0)::int AS out_of_stock,
                                       count(*) FILTER (WHERE current_stock < minimum_stock)::int AS low_stock
                                  FROM products WHERE tenant_id = $1 AND deleted_at IS NULL) p`,
        params: [from(month)],
      },
      { text: open('accounts_receivable'), params: [today] },
      { text: open('accounts_payable'), params: [today] },
      {
        text: `SELECT id, name, current_stock, minimum_stock FROM products
                WHERE tenant_id = $1 AND deleted_at IS NULL AND current_stock < minimum_stock
                ORDER BY current_stock - minimum_stock, name, id LIMIT 100`,
        params: [],
      },
      {
        text: `SELECT r.id, coalesce(c.name, r.description) AS name, r.due_date, r.amount, count(*) OVER ()::int AS total
                 FROM accounts_receivable r LEFT JOIN customers c ON c.tenant_id = r.tenant_id AND c.id = r.customer_id
                WHERE r.tenant_id = $1 AND r.status = 'pending' AND r.due_date < $2::date ORDER BY r.${overdueOrder} LIMIT 100`,
        params: [today],
      },
      {
        text: `SELECT id, supplier_name, due_date, amount, count(*) OVER ()::int AS total FROM accounts_payable
                WHERE tenant_id = $1 AND status = 'pending' AND due_date < $2::date ORDER BY ${overdueOrder} LIMIT 100`,
        params: [today],
      },
    ],
    agree: (body, raw) => {
      const data = dataOf(body) as { revenue: { total: number }; alerts: { counts: { overdueReceivables: number } } };
      return `${same('receita total (centavos)', centavos(data.revenue.total), raw[0]?.[0]?.revenue_total)} · ${same(
        'a receber vencidas',
        data.alerts.counts.overdueReceivables,
        raw[5]?.[0]?.total ?? 0,
      )}`;
    },
  };
}
