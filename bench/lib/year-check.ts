// After generating the year of history: its counts (printed) and the invariants the app's
// own writes keep, checked in SQL. Any count off the sizes asked for, or any violation,
// throws (a broken step of the bench).
import type { Sql } from './sql';
import type { YearSizes } from './year-plan';

const T = `(SELECT id FROM tenants WHERE subdomain = 'demo')`;
const spDay = (ts: string) => `sp_day(${ts})`;

const COUNTS = `
  SELECT
    (SELECT count(*)::int FROM products WHERE tenant_id = ${T} AND sku LIKE 'BX-%') AS "produtos BX",
    (SELECT count(*)::int FROM customers WHERE tenant_id = ${T}) AS "clientes",
    (SELECT count(*)::int FROM sales WHERE tenant_id = ${T}) AS "vendas",
    (SELECT count(*)::int FROM sales WHERE tenant_id = ${T} AND sale_status = 'cancelled') AS "vendas canceladas",
    (SELECT count(*)::int FROM sales WHERE tenant_id = ${T} AND payment_method = 'crediario') AS "vendas no crediário",
    (SELECT count(*)::int FROM sales WHERE tenant_id = ${T} AND (crediario->>'entrada')::bigint > 0) AS "com entrada",
    (SELECT count(*)::int FROM sale_items WHERE tenant_id = ${T}) AS "itens de venda",
    (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T}) AS "contas a receber",
    (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T} AND sale_id IS NOT NULL) AS "parcelas",
    (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T} AND status = 'paid') AS "a receber pagas",
    (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T} AND status = 'pending' AND due_date < $1::date) AS "a receber atrasadas",
    (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T} AND status = 'cancelled') AS "a receber canceladas",
    (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T}) AS "contas a pagar",
    (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T} AND status = 'pending' AND due_date >= $1::date) AS "a pagar pendentes",
    (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T} AND status = 'pending' AND due_date < $1::date) AS "a pagar vencidas",
    (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T} AND status = 'paid') AS "a pagar pagas",
    (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T} AND status = 'cancelled') AS "a pagar canceladas",
    (SELECT count(*)::int FROM cash_flow_entries WHERE tenant_id = ${T}) AS "lançamentos de caixa",
    (SELECT count(*)::int FROM cash_flow_entries WHERE tenant_id = ${T} AND type = 'expense') AS "lançamentos de saída"`;

/** Rows naming another that is not there (the generator loads with foreign keys unchecked). */
const missing = (table: string, column: string, target: string) =>
  `(SELECT count(*)::int FROM ${table} x WHERE x.${column} IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ${target} y WHERE y.tenant_id = x.tenant_id AND y.id = x.${column}))`;
const FOREIGN_KEYS = [
  missing('sales', 'customer_id', 'customers'),
  missing('sales', 'created_by', 'users'),
  missing('sale_items', 'sale_id', 'sales'),
  missing('sale_items', 'product_id', 'products'),
  missing('accounts_receivable', 'customer_id', 'customers'),
  missing('accounts_receivable', 'sale_id', 'sales'),
  missing('cash_flow_entries', 'sale_id', 'sales'),
  missing('cash_flow_entries', 'account_receivable_id', 'accounts_receivable'),
  missing('cash_flow_entries', 'account_payable_id', 'accounts_payable'),
].join(' + ');

/** Each a count of rows breaking one rule: all must be 0. */
const VIOLATIONS = `
  WITH own AS (
    SELECT sale_id, count(*) FILTER (WHERE type = 'income') AS incomes, sum(amount) FILTER (WHERE type = 'income') AS income,
           min(date) FILTER (WHERE type = 'income') AS day, count(*) FILTER (WHERE type = 'expense') AS reversals,
           sum(amount) FILTER (WHERE type = 'expense') AS reversed, min(date) FILTER (WHERE type = 'expense') AS reversed_on
      FROM cash_flow_entries WHERE tenant_id = ${T} AND sale_id IS NOT NULL AND account_receivable_id IS NULL AND category = 'Vendas'
     GROUP BY sale_id),
  items AS (
    SELECT sale_id, sum(total_price) AS total, bool_and(total_price = quantity * unit_price) AS math
      FROM sale_items WHERE tenant_id = ${T} GROUP BY sale_id),
  plans AS (
    SELECT sale_id, count(*) AS n, sum(amount) AS amount, jsonb_agg(to_char(due_date, 'YYYY-MM-DD') ORDER BY installment_number) AS dues,
           count(*) FILTER (WHERE status = 'pending') AS open
      FROM accounts_receivable WHERE tenant_id = ${T} AND sale_id IS NOT NULL GROUP BY sale_id)
  SELECT
    count(*) FILTER (WHERE i.total IS DISTINCT FROM s.total OR NOT i.math)::int AS "total da venda = soma dos itens",
    count(*) FILTER (WHERE s.payment_method <> 'crediario'
      AND NOT (o.incomes = 1 AND o.income = s.total AND o.day = ${spDay('s.sold_at')}))::int AS "uma entrada do total no dia da venda",
    count(*) FILTER (WHERE s.payment_method = 'crediario'
      AND (coalesce(o.income, 0) <> (s.crediario->>'entrada')::bigint OR coalesce(o.incomes, 0) > 1))::int AS "entrada do crediário no caixa",
    count(*) FILTER (WHERE s.payment_method = 'crediario' AND (p.n IS DISTINCT FROM (s.crediario->>'parcelas')::bigint
      OR p.amount IS DISTINCT FROM s.total - (s.crediario->>'entrada')::bigint OR p.dues IS DISTINCT FROM s.crediario->'vencimentos'))::int
      AS "parcelas somam total - entrada",
    count(*) FILTER (WHERE s.sale_status = 'cancelled' AND (coalesce(p.open, 0) > 0
      OR (coalesce(o.income, 0) > 0 AND NOT (o.reversals = 1 AND o.reversed = o.income AND o.reversed_on = ${spDay('s.cancelled_at')})))
      OR s.sale_status = 'completed' AND coalesce(o.reversals, 0) > 0)::int AS "cancelada: estorno e parcelas canceladas",
    (SELECT count(*)::int FROM sale_items i JOIN products pr ON pr.tenant_id = i.tenant_id AND pr.id = i.product_id
      WHERE i.tenant_id = ${T} AND i.unit_cost <> pr.cost_price) AS "custo do item = custo do produto",
    (SELECT count(*)::int FROM accounts_receivable r WHERE r.tenant_id = ${T} AND (r.status = 'paid') <> (
       SELECT count(*) = 1 AND bool_and(e.type = 'income' AND e.category = 'Vendas' AND e.amount = r.amount
              AND e.date = r.payment_date AND e.sale_id IS NOT DISTINCT FROM r.sale_id)
         FROM cash_flow_entries e WHERE e.tenant_id = ${T} AND e.account_receivable_id = r.id)) AS "recebida = uma entrada em Vendas",
    (SELECT count(*)::int FROM accounts_payable a WHERE a.tenant_id = ${T} AND (a.status = 'paid') <> (
       SELECT count(*) = 1 AND bool_and(e.type = 'expense' AND e.category = a.category AND e.amount = a.amount AND e.date = a.payment_date)
         FROM cash_flow_entries e WHERE e.tenant_id = ${T} AND e.account_payable_id = a.id)) AS "paga = uma saída na categoria",
    (SELECT count(*)::int FROM cash_flow_entries WHERE tenant_id = ${T} AND date > $1::date)
      + (SELECT count(*)::int FROM sales WHERE tenant_id = ${T} AND (sold_at > now() OR cancelled_at > now()))
      + (SELECT count(*)::int FROM accounts_receivable WHERE tenant_id = ${T} AND payment_date > $1::date)
      + (SELECT count(*)::int FROM accounts_payable WHERE tenant_id = ${T} AND payment_date > $1::date) AS "nada no futuro",
    (SELECT count(*)::int FROM (SELECT version FROM products WHERE tenant_id = ${T} UNION ALL SELECT version FROM customers WHERE tenant_id = ${T}) v
      WHERE v.version > (SELECT last_value FROM change_versions))
      + (SELECT count(*) - count(DISTINCT version) FROM (SELECT version FROM products WHERE tenant_id = ${T}
         UNION ALL SELECT version FROM customers WHERE tenant_id = ${T}) v)::int AS "versões únicas e já emitidas",
    (${FOREIGN_KEYS}) AS "chaves estrangeiras",
    (SELECT count(*)::int FROM (
       SELECT date, coalesce(sum(amount) FILTER (WHERE type = 'income'), 0) AS income,
              coalesce(sum(amount) FILTER (WHERE type = 'expense'), 0) AS expenses
         FROM cash_flow_entries WHERE tenant_id = ${T} GROUP BY date) e
       FULL JOIN (SELECT date, sum(income) AS income, sum(expenses) AS expenses FROM cash_flow_days
                   WHERE tenant_id = ${T} GROUP BY date) d USING (date)
      WHERE coalesce(e.income, 0) <> coalesce(d.income, 0) OR coalesce(e.expenses, 0) <> coalesce(d.expenses, 0))
      AS "totais por dia = lançamentos"
    FROM sales s LEFT JOIN own o ON o.sale_id = s.id LEFT JOIN items i ON i.sale_id = s.id LEFT JOIN plans p ON p.sale_id = s.id
   WHERE s.tenant_id = ${T}`;

export type YearCounts = Record<string, number>;

/** Prints the store's counts and checks them and the invariants; throws on any miss. */
export async function checkYearStore(sql: Sql, sizes: YearSizes, today: string): Promise<YearCounts> {
  const [counts = {}] = await sql.query<YearCounts>(COUNTS, [today]);
  const [violations = {}] = await sql.query<Record<string, number>>(VIOLATIONS, [today]);
  console.table(Object.entries(counts).map(([o, n]) => ({ 'loja de um ano': o, linhas: n })));
  const misses = [
    ['produtos BX', sizes.products],
    ['vendas', sizes.sales],
    ['contas a receber', sizes.receivables],
    ['contas a pagar', sizes.payables],
  ]
    .filter(([name, want]) => counts[name as string] !== want)
    .map(([name, want]) => `${name}: ${counts[name as string]} (esperado ${want})`);
  const broken = Object.entries(violations)
    .filter(([, n]) => Number(n) !== 0)
    .map(([rule, n]) => `${rule}: ${n} linhas`);
  console.log(
    `  invariantes: ${broken.length === 0 ? `${Object.keys(violations).length} verificadas, todas valem` : broken.join('; ')}`,
  );
  if (misses.length || broken.length) throw new Error(`loja de um ano inválida: ${[...misses, ...broken].join('; ')}`);
  return counts;
}
