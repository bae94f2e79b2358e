// The finance calls the screens make, each with the raw SQL this bench expects it to run
// (bench/../helper notes: finance-api.md and DESIGN.md 'Finance rules'): what the call
// costs the database alone, to set the API's time against. Every statement a call needs
// is run, in order (a page and its count; the cash-flow page also its summary).
import { addDays } from '../src/shared/dates';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface FinanceCall {
  name: string;
  path: string;
  statements: Statement[];
  /** The API's answer against the raw results: a short note ('total 94 = 94'). */
  agree(body: unknown, raw: Record<string, unknown>[][]): string;
}

/** Open accounts first by due date (oldest first), then paid/cancelled by due date, newest first. */
const accountOrder = (a: string) =>
  `(${a}.status = 'pending') DESC, CASE WHEN ${a}.status = 'pending' THEN ${a}.due_date END ASC,
   CASE WHEN ${a}.status <> 'pending' THEN ${a}.due_date END DESC, ${a}.id`;

/**
 * initial = income - expenses before start; income and expenses in [start, end]: over the
 * day totals the triggers keep (cash_flow_days), as the server reads them.
 */
const SUMMARY = `
  SELECT coalesce(sum(income - expenses) FILTER (WHERE date < $2), 0)::float8 AS initial,
         coalesce(sum(income) FILTER (WHERE date >= $2), 0)::float8 AS income,
         coalesce(sum(expenses) FILTER (WHERE date >= $2), 0)::float8 AS expenses
    FROM cash_flow_days WHERE tenant_id = $1 AND date <= $3::date`;

const centavos = (reais: unknown) => Math.round(Number(reais) * 100);
const same = (what: string, api: unknown, raw: unknown) =>
  Number(api) === Number(raw) ? `${what} ${String(api)} = SQL` : `${what}: API ${String(api)} ≠ SQL ${String(raw)}`;
const dataOf = (body: unknown) => (body as { data: Record<string, unknown> }).data;
const totalOf = (body: unknown) => (dataOf(body).pagination as { total: number }).total;
const summaryAgrees = (summary: Record<string, unknown>, raw: Record<string, unknown> | undefined) => {
  const final = Number(raw?.initial) + Number(raw?.income) - Number(raw?.expenses);
  return same('saldo final (centavos)', centavos(summary.final_balance), final);
};

export function financeCalls(tenant: string, today: string, search: string): FinanceCall[] {
  const month = addDays(today, -29);
  const quarter = addDays(today, -89);
  const payables = `FROM accounts_payable a WHERE a.tenant_id = $1 AND a.status = 'pending' AND a.due_date >= $2::date AND a.category = $3`;
  const receivables = `FROM accounts_receivable r LEFT JOIN customers c ON c.tenant_id = r.tenant_id AND c.id = r.customer_id
                        WHERE r.tenant_id = $1 AND c.name ILIKE $2`;
  const entries = `FROM cash_flow_entries WHERE tenant_id = $1 AND date BETWEEN $2::date AND $3::date`;
  return [
    {
      name: 'contas a pagar: página de 20, pendentes de Marketing',
      path: '/api/accounts-payable?status=pending&category=Marketing&page=1&limit=20',
      statements: [
        {
          text: `SELECT a.* ${payables} ORDER BY ${accountOrder('a')} LIMIT 20 OFFSET 0`,
          params: [tenant, today, 'Marketing'],
        },
        { text: `SELECT count(*)::int AS total ${payables}`, params: [tenant, today, 'Marketing'] },
      ],
      agree: (body, raw) => same('total', totalOf(body), raw[1]?.[0]?.total),
    },
    {
      name: `contas a receber: página de 50, busca '${search}'`,
      path: `/api/accounts-receivable?page=1&limit=50&search=${encodeURIComponent(search)}`,
      statements: [
        {
          text: `SELECT r.*, c.name AS customer_name, c.document AS customer_document ${receivables}
                  ORDER BY ${accountOrder('r')} LIMIT 50 OFFSET 0`,
          params: [tenant, `%${search}%`],
        },
        { text: `SELECT count(*)::int AS total ${receivables}`, params: [tenant, `%${search}%`] },
      ],
      agree: (body, raw) => same('total', totalOf(body), raw[1]?.[0]?.total),
    },
    {
      name: 'fluxo de caixa: página de 50 de 30 dias, com o resumo',
      path: `/api/cash-flow?page=1&limit=50&start_date=${month}&end_date=${today}`,
      statements: [
        {
          text: `SELECT * ${entries} ORDER BY date DESC, created_at DESC, id LIMIT 50 OFFSET 0`,
          params: [tenant, month, today],
        },
        { text: `SELECT count(*)::int AS total ${entries}`, params: [tenant, month, today] },
        { text: SUMMARY, params: [tenant, month, today] },
      ],
      agree: (body, raw) =>
        `${same('total', totalOf(body), raw[1]?.[0]?.total)} · ${summaryAgrees(dataOf(body).summary as Record<string, unknown>, raw[2]?.[0])}`,
    },
    {
      name: 'fluxo de caixa: estatísticas de 30 dias',
      path: `/api/cash-flow/statistics?start_date=${month}&end_date=${today}`,
      statements: [{ text: SUMMARY, params: [tenant, month, today] }],
      agree: (body, raw) => summaryAgrees(dataOf(body), raw[0]?.[0]),
    },
    {
      name: 'fluxo de caixa: gráfico de 90 dias',
      path: `/api/cash-flow/chart?start_date=${quarter}&end_date=${today}`,
      statements: [
        {
          // One point per day (empty days too), the balance running from the initial one.
          text: `
            WITH days AS (SELECT d::date AS date FROM generate_series($2::date, $3::date, interval '1 day') d),
            initial AS (SELECT coalesce(sum(income - expenses), 0) AS balance
                          FROM cash_flow_days WHERE tenant_id = $1 AND date < $2::date),
            per_day AS (SELECT date, sum(income) AS income, sum(expenses) AS expenses
                          FROM cash_flow_days WHERE tenant_id = $1 AND date BETWEEN $2::date AND $3::date GROUP BY date)
            SELECT to_char(days.date, 'YYYY-MM-DD') AS date, coalesce(income, 0)::float8 AS income, coalesce(expenses, 0)::float8 AS expenses,
                   (initial.balance + sum(coalesce(income, 0) - coalesce(expenses, 0)) OVER (ORDER BY days.date))::float8 AS balance
              FROM days CROSS JOIN initial LEFT JOIN per_day USING (date) ORDER BY days.date`,
          params: [tenant, quarter, today],
        },
      ],
      agree: (body, raw) => {
        const points = (body as { data: { balance: number }[] }).data;
        const last = raw[0]?.at(-1);
        return `${same('pontos', points.length, raw[0]?.length)} · ${same('saldo final (centavos)', centavos(points.at(-1)?.balance), last?.balance)}`;
      },
    },
  ];
}
