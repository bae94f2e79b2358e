// A year of history in the demo store (tenant 'demo', seeded by the server's first start):
// BENCH_YEAR_SCALE x (50,000 products, 2,000 more customers, 100,000 sales over the last
// 365 São Paulo days, 20,000 receivables, 5,000 payables) and the cash entries all of that
// implies, written as the app writes them (src/server/sales/create/sale-plan.ts and records/sale-effects.ts,
// DESIGN.md 'Finance rules'). year-plan.ts decides (seeded); here the rows are built in
// SQL, set-based, in one transaction. On PGlite, only while no server runs.
//   - non-crediário sale: one income entry, Vendas, the sale's day, 'Venda #XXXXXXXX - Cliente';
//   - crediário: the entrada as income ('Entrada - Venda ...') and one receivable per
//     installment, (total - entrada) split with the remainder centavos on the last;
//   - cancelled sale: restocked (never taken from stock here), one 'Estorno - Venda ...'
//     expense of what it brought in, on the cancel day; its open installments cancelled;
//   - paid receivable: income, Vendas, dated payment_date, account_receivable_id (and
//     sale_id for an installment); paid payable: expense in its category, dated payment_date.
// The texts are the app's (src/shared/accounts.ts, sales/records/sale-effects.ts); sizes and
// amounts are what the measured queries depend on.
import { SALES_CATEGORY } from '../../src/shared/constants';
import { todayIso } from '../../src/shared/dates';
import { ANALYZE_PGLITE } from './config';
import { insertProductsSql } from './extra-products';
import type { Sql } from './sql';
import { planCustomers } from './year-customers';
import { SALE_METHODS, planYear, yearSizes, type YearSizes } from './year-plan';
import { accountColumns, accountState, fromMs, paidAt, shortId, spDay, stage, uuidOf } from './year-sql';

export interface YearStoreReport {
  sizes: YearSizes;
  today: string;
  seconds: number;
  phases: [phase: string, seconds: number][];
}

export async function generateYearStore(sql: Sql, scale: number, now = new Date()): Promise<YearStoreReport> {
  const sizes = yearSizes(scale);
  const t0 = performance.now();
  const phases: [string, number][] = [];
  let last = t0;
  const phase = (name: string) => {
    const t = performance.now();
    phases.push([name, (t - last) / 1000]);
    last = t;
  };
  const [store] = await sql.query<{ tenant: string; admin: string; cashier: string | null; taken: number }>(`
    SELECT t.id::text AS tenant,
           (SELECT id::text FROM users u WHERE u.tenant_id = t.id AND role = 'admin' ORDER BY created_at LIMIT 1) AS admin,
           (SELECT id::text FROM users u WHERE u.tenant_id = t.id AND role = 'user' ORDER BY created_at LIMIT 1) AS cashier,
           (SELECT count(*)::int FROM sales s WHERE s.tenant_id = t.id)
             + (SELECT count(*)::int FROM products p WHERE p.tenant_id = t.id AND p.sku LIKE 'BX-%') AS taken
      FROM tenants t WHERE t.subdomain = 'demo'`);
  if (!store?.admin) throw new Error("a loja 'demo' não existe (o servidor a cria ao iniciar num banco vazio)");
  if (store.taken > 0) throw new Error('a loja demo já tem vendas ou produtos BX-: gere o ano numa loja recém-criada');
  const T = `'${store.tenant}'::uuid`;
  const cashier = `'${store.cashier ?? store.admin}'::uuid`;
  const admin = `'${store.admin}'::uuid`;

  // The staging tables and their joins fit in memory (PGlite's defaults spill them: 8 MB
  // of temp buffers, 4 MB of work_mem). temp_buffers is taken before the first temp table.
  await sql.exec(`SET temp_buffers = '512MB'; SET work_mem = '256MB'`);
  // Foreign keys are not checked row by row while loading (a third of the time: each
  // check locks the row it finds); year-check.ts checks every reference afterwards.
  // Needs a superuser (PGlite's user is one); without it, the checks just run.
  const unchecked = await sql
    .exec('SET session_replication_role = replica')
    .then(() => true)
    .catch(() => false);
  await sql.exec('BEGIN');
  try {
    await sql.exec(insertProductsSql(sizes.products));
    phase('produtos');
    const customers = planCustomers(sizes.customers);
    // Every column of the customers' plan is text.
    await stage(
      sql,
      'y_new_customer',
      Object.entries(customers).map(([column, values]) => [column, 'text', values]),
    );
    await sql.exec(`
      INSERT INTO customers (tenant_id, id, name, email, phone, document, address, city, state, zip_code, active, created_at, updated_at,
                             version, txid)
      SELECT ${T}, ${uuidOf('customer', 'c.n')}, c.name, c.email, c.phone, c.document, c.address, c.city, c.state, c.zip, true,
             now() - interval '400 days' + c.n * interval '1 minute', now() - interval '400 days' + c.n * interval '1 minute',
             nextval('change_versions'), pg_current_xact_id()::text::bigint
        FROM y_new_customer c ORDER BY c.n;
      CREATE TEMP TABLE y_customer ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY name, id)::int AS idx, id, name FROM customers WHERE tenant_id = ${T} AND deleted_at IS NULL;
      CREATE TEMP TABLE y_product ON COMMIT DROP AS
        SELECT substr(sku, 4)::int AS idx, id, name, cost_price, sale_price FROM products WHERE tenant_id = ${T} AND sku LIKE 'BX-%';
    `);
    const [{ n: customerCount } = { n: 0 }] = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM y_customer',
    );
    phase('clientes');
    const plan = planYear(sizes, customerCount, now);
    phase('plano do ano (JavaScript)');

    const { sales, items, installments } = plan;
    await stage(sql, 'y_plan', [
      ['sold_ms', 'bigint', sales.soldMs],
      ['created_ms', 'bigint', sales.createdMs],
      ['cancel_ms', 'bigint', sales.cancelMs],
      ['customer', 'int', sales.customer],
      ['method', 'int', sales.method],
      ['parcelas', 'int', sales.parcelas],
      ['entrada_pct', 'int', sales.entradaPct],
      ['offline', 'boolean', sales.offline],
      ['by_admin', 'boolean', sales.byAdmin],
    ]);
    await stage(sql, 'y_item_plan', [
      ['sale', 'int', items.sale],
      ['position', 'int', items.position],
      ['product', 'int', items.product],
      ['quantity', 'int', items.quantity],
    ]);
    await stage(sql, 'y_inst', [
      ['sale', 'int', installments.sale],
      ['number', 'int', installments.number],
      ['due', 'text', installments.due],
      ['paid', 'date', installments.paid],
    ]);
    await stage(sql, 'y_payable', accountColumns(plan.payables, 'text'));
    await stage(sql, 'y_manual', accountColumns(plan.manual, 'int'));
    phase('plano no banco');

    await sql.exec(`
      CREATE TEMP TABLE y_item ON COMMIT DROP AS
        SELECT i.n, i.sale, i.position, p.id AS product_id, p.name AS product_name, i.quantity,
               p.sale_price AS unit_price, p.cost_price AS unit_cost, i.quantity * p.sale_price AS total_price
          FROM y_item_plan i JOIN y_product p ON p.idx = i.product;
      CREATE TEMP TABLE y_sale ON COMMIT DROP AS
        SELECT s.n, ${uuidOf('sale', 's.n')} AS id, c.id AS customer_id, c.name AS customer_name, i.total,
               (ARRAY[${SALE_METHODS.map((m) => `'${m}'`).join(',')}])[s.method + 1] AS payment_method, s.parcelas,
               CASE WHEN s.entrada_pct > 0 THEN i.total * s.entrada_pct / 10000 * 100 ELSE 0 END AS entrada,
               ${fromMs('s.sold_ms')} AS sold_at, ${fromMs('s.created_ms')} AS created_at,
               ${fromMs('s.cancel_ms')} AS cancelled_at, s.offline,
               CASE WHEN s.by_admin THEN ${admin} ELSE ${cashier} END AS created_by
          FROM y_plan s
          JOIN y_customer c ON c.idx = s.customer
          JOIN (SELECT sale, sum(total_price)::bigint AS total FROM y_item GROUP BY sale) i ON i.sale = s.n;
    `);
    phase('vendas (plano)');
    await sql.exec(`
      INSERT INTO sales (tenant_id, id, number, customer_id, customer_name, total, payment_method, payment_status, sale_status,
                         crediario, stock_conflicts, offline, sold_at, notes, created_by, cancelled_at, created_at, updated_at)
      SELECT ${T}, s.id, 'Y-' || lpad(s.n::text, greatest(4, length(s.n::text)), '0'), s.customer_id, s.customer_name, s.total, s.payment_method,
             CASE WHEN s.cancelled_at IS NULL THEN 'pending' ELSE 'cancelled' END,
             CASE WHEN s.cancelled_at IS NULL THEN 'completed' ELSE 'cancelled' END,
             CASE WHEN s.parcelas > 0 THEN jsonb_build_object('entrada', s.entrada, 'parcelas', s.parcelas, 'vencimentos', v.dues) END,
             '[]'::jsonb, s.offline, s.sold_at, NULL, s.created_by, s.cancelled_at, s.created_at, coalesce(s.cancelled_at, s.created_at)
        FROM y_sale s LEFT JOIN (SELECT sale, jsonb_agg(due ORDER BY number) AS dues FROM y_inst GROUP BY sale) v ON v.sale = s.n
       ORDER BY s.n;
    `);
    phase('vendas');
    await sql.exec(`
      INSERT INTO sale_items (tenant_id, id, sale_id, position, product_id, product_name, quantity, unit_price, unit_cost, total_price, created_at, updated_at)
      SELECT ${T}, ${uuidOf('item', 'i.n')}, s.id, i.position, i.product_id, i.product_name, i.quantity, i.unit_price, i.unit_cost,
             i.total_price, s.created_at, s.created_at
        FROM y_item i JOIN y_sale s ON s.n = i.sale ORDER BY i.n;
    `);
    phase('itens de venda');

    await sql.exec(`
      INSERT INTO accounts_receivable (tenant_id, id, customer_id, sale_id, installment_number, description, amount, due_date, status,
                                       payment_method, payment_date, cancelled_at, created_at, updated_at)
      SELECT ${T}, ${uuidOf('installment', 'i.n')}, s.customer_id, s.id, i.number,
             'Parcela ' || i.number || '/' || s.parcelas || ' - Venda ' || ${shortId('s.id')},
             CASE WHEN i.number < s.parcelas THEN (s.total - s.entrada) / s.parcelas
                  ELSE (s.total - s.entrada) - (s.total - s.entrada) / s.parcelas * (s.parcelas - 1) END,
             i.due::date,
             CASE WHEN s.cancelled_at IS NOT NULL THEN 'cancelled' WHEN i.paid IS NOT NULL THEN 'paid' ELSE 'pending' END,
             'crediario', i.paid, s.cancelled_at, s.created_at, coalesce(s.cancelled_at, ${paidAt('i.paid')}, s.created_at)
        FROM y_inst i JOIN y_sale s ON s.n = i.sale ORDER BY i.n;
      INSERT INTO accounts_receivable (tenant_id, id, customer_id, description, amount, due_date, payment_method, reference_number,
                                       status, payment_date, cancelled_at, created_at, updated_at)
      SELECT ${T}, ${uuidOf('receivable', 'm.n')}, c.id, m.description, m.amount, m.due, m.method, m.reference, ${accountState('m')}
        FROM y_manual m LEFT JOIN y_customer c ON c.idx = m.party ORDER BY m.n;
      INSERT INTO accounts_payable (tenant_id, id, supplier_name, description, amount, due_date, payment_method, category,
                                    reference_number, status, payment_date, cancelled_at, created_at, updated_at)
      SELECT ${T}, ${uuidOf('payable', 'p.n')}, p.party, p.description, p.amount, p.due, p.method, p.category, p.reference,
             ${accountState('p')}
        FROM y_payable p ORDER BY p.n;
    `);
    phase('contas a receber e a pagar');

    const entry = `INSERT INTO cash_flow_entries (tenant_id, id, date, type, description, category, amount, sale_id,
                                                  account_receivable_id, account_payable_id, created_at, updated_at)`;
    await sql.exec(`
      ${entry}
      SELECT ${T}, ${uuidOf('sale-income', 's.n')}, ${spDay('s.sold_at')}, 'income',
             'Venda ' || ${shortId('s.id')} || ' - ' || s.customer_name, '${SALES_CATEGORY}', s.total, s.id, NULL, NULL,
             s.created_at, s.created_at
        FROM y_sale s WHERE s.parcelas = 0 AND s.total > 0 ORDER BY s.n;
      ${entry}
      SELECT ${T}, ${uuidOf('entrada', 's.n')}, ${spDay('s.sold_at')}, 'income',
             'Entrada - Venda ' || ${shortId('s.id')} || ' - ' || s.customer_name, '${SALES_CATEGORY}', s.entrada, s.id, NULL, NULL,
             s.created_at, s.created_at
        FROM y_sale s WHERE s.parcelas > 0 AND s.entrada > 0 ORDER BY s.n;
      ${entry}
      SELECT ${T}, ${uuidOf('reversal', 's.n')}, ${spDay('s.cancelled_at')}, 'expense',
             'Estorno - Venda ' || ${shortId('s.id')} || ' - ' || s.customer_name, '${SALES_CATEGORY}',
             CASE WHEN s.parcelas = 0 THEN s.total ELSE s.entrada END, s.id, NULL, NULL, s.cancelled_at, s.cancelled_at
        FROM y_sale s WHERE s.cancelled_at IS NOT NULL AND (CASE WHEN s.parcelas = 0 THEN s.total ELSE s.entrada END) > 0 ORDER BY s.n;
      ${entry}
      SELECT ${T}, ${uuidOf('received', 'r.id')}, r.payment_date, 'income',
             'Recebimento - ' || r.description || coalesce(' - ' || c.name, ''), '${SALES_CATEGORY}',
             r.amount, r.sale_id, r.id, NULL, ${paidAt('r.payment_date')}, ${paidAt('r.payment_date')}
        FROM accounts_receivable r LEFT JOIN customers c ON c.tenant_id = r.tenant_id AND c.id = r.customer_id
       WHERE r.tenant_id = ${T} AND r.status = 'paid' ORDER BY r.payment_date, r.id;
      ${entry}
      SELECT ${T}, ${uuidOf('paid', 'p.id')}, p.payment_date, 'expense', 'Pagamento - ' || p.supplier_name || ' - ' || p.description,
             p.category, p.amount, NULL, NULL, p.id, ${paidAt('p.payment_date')}, ${paidAt('p.payment_date')}
        FROM accounts_payable p WHERE p.tenant_id = ${T} AND p.status = 'paid' ORDER BY p.payment_date, p.id;
    `);
    phase('fluxo de caixa');
    // The day totals the triggers keep (which replica mode does not fire): built at once.
    await sql.exec(`
      DELETE FROM cash_flow_days WHERE tenant_id = ${T};
      INSERT INTO cash_flow_days (tenant_id, date, income, expenses)
      SELECT tenant_id, date, coalesce(sum(amount) FILTER (WHERE type = 'income'), 0),
             coalesce(sum(amount) FILTER (WHERE type = 'expense'), 0)
        FROM cash_flow_entries WHERE tenant_id = ${T} GROUP BY tenant_id, date;
    `);
    phase('totais por dia do caixa');
    // The same for the reports' day totals (migration 0005): the migration's backfill.
    await sql.exec(`
      DELETE FROM sales_days WHERE tenant_id = ${T};
      INSERT INTO sales_days (tenant_id, date, sales, revenue, cost)
      SELECT ${T}, ${spDay('s.sold_at')}, count(*), sum(s.total), sum(i.cost)
        FROM y_sale s JOIN (SELECT sale, sum(quantity::bigint * unit_cost) AS cost FROM y_item GROUP BY sale) i ON i.sale = s.n
       WHERE s.cancelled_at IS NULL GROUP BY 2;
      DELETE FROM sale_product_days WHERE tenant_id = ${T};
      INSERT INTO sale_product_days (tenant_id, date, product_id, lines, revenue, cost)
      SELECT ${T}, ${spDay('s.sold_at')}, i.product_id, count(*), sum(i.total_price), sum(i.quantity::bigint * i.unit_cost)
        FROM y_sale s JOIN y_item i ON i.sale = s.n WHERE s.cancelled_at IS NULL GROUP BY 2, 3;
    `);
    phase('totais por dia das vendas');

    // Stock as the sales left it (cancelled ones gave theirs back); each product moved
    // gets a new sync version and the transaction's id, as the stamp_change trigger stamps
    // the server's stock writes (it does not fire in replica mode).
    await sql.exec(`
      CREATE TEMP TABLE y_stock ON COMMIT DROP AS
        SELECT i.product_id, sum(i.quantity)::int AS taken, max(s.created_at) AS at
          FROM y_item i JOIN y_sale s ON s.n = i.sale WHERE s.cancelled_at IS NULL GROUP BY i.product_id;
      UPDATE products p SET current_stock = p.current_stock - m.taken, updated_at = m.at,
                            version = nextval('change_versions'), txid = pg_current_xact_id()::text::bigint
        FROM y_stock m WHERE p.tenant_id = ${T} AND p.id = m.product_id;
    `);
    phase('estoque e versões');
    await sql.exec('COMMIT');
    phase('COMMIT');
  } catch (err) {
    await sql.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (unchecked) await sql.exec('RESET session_replication_role');
  }
  // What a year would have left: PostgreSQL's autovacuum would have vacuumed and analyzed
  // these tables; PGlite runs no autovacuum (a standalone backend) and the server never
  // analyzes, so its store keeps no statistics unless asked (BENCH_YEAR_ANALYZE=1).
  if (sql.driver === 'postgres') {
    await sql.exec('VACUUM ANALYZE');
    phase('VACUUM ANALYZE');
  } else if (ANALYZE_PGLITE) {
    await sql.exec('ANALYZE');
    phase('ANALYZE');
  }
  return { sizes, today: todayIso(now), seconds: (performance.now() - t0) / 1000, phases };
}
