ALTER TABLE "cash_flow_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_flow_days" DROP CONSTRAINT "cash_flow_days_pkey";
--> statement-breakpoint
ALTER TABLE "cash_flow_days" ADD CONSTRAINT "cash_flow_days_pkey" PRIMARY KEY("tenant_id","date","slot");--> statement-breakpoint
ALTER TABLE "sales_days" DROP CONSTRAINT "sales_days_pkey";
--> statement-breakpoint
ALTER TABLE "sales_days" ADD CONSTRAINT "sales_days_pkey" PRIMARY KEY("tenant_id","date","slot");--> statement-breakpoint
-- Hand-edited: one store's sales no longer queue behind each other on their
-- day's totals. Every sale upserted the same sales_days and cash_flow_days row (its
-- tenant, its day) early in its transaction and held that row lock until commit, so ten
-- tills of one store ran one at a time. The day tables are now striped: a writer upserts
-- the row of its slot, pg_backend_pid() % 16, and concurrent transactions (each on its
-- own connection) land on different rows; a day's figure is the sum over its slots (every
-- reader sums; rows already there stay in slot 0). PGlite has one connection: one slot.
-- Locks are taken as before: within a statement rows are upserted in key order (tenant,
-- day, then the writer's one slot), and two writers of one slot meet exactly as two
-- writers of the unstriped table did, so no new wait cycle is possible.
-- sale_product_days is not striped: a sale row-locks its products before writing, so two
-- sales meeting on a (product, day) row already waited on that product.
-- The report functions of 0005 were LANGUAGE sql, which PostgreSQL plans again on every
-- call (no plan cache before PostgreSQL 18). As plpgsql, their statements' plans are kept
-- for the session: on a fresh store, warm session, PostgreSQL 15 (EXPLAIN ANALYZE), the
-- trigger on INSERT INTO sales went from 1.5 to 0.27 ms and the one on sale_items from
-- 1.2 to 0.19 ms (cash_flow_days' plpgsql trigger: 0.07 ms).
CREATE OR REPLACE FUNCTION "cash_flow_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cash_flow_days AS d (tenant_id, date, slot, income, expenses)
    SELECT n.tenant_id, n.date, pg_backend_pid() % 16,
           coalesce(sum(n.amount) FILTER (WHERE n.type = 'income'), 0),
           coalesce(sum(n.amount) FILTER (WHERE n.type = 'expense'), 0)
      FROM new_rows n
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = n.tenant_id)
     GROUP BY n.tenant_id, n.date
     ORDER BY n.tenant_id, n.date
    ON CONFLICT (tenant_id, date, slot) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cash_flow_days AS d (tenant_id, date, slot, income, expenses)
    SELECT o.tenant_id, o.date, pg_backend_pid() % 16,
           -coalesce(sum(o.amount) FILTER (WHERE o.type = 'income'), 0),
           -coalesce(sum(o.amount) FILTER (WHERE o.type = 'expense'), 0)
      FROM old_rows o
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = o.tenant_id)
     GROUP BY o.tenant_id, o.date
     ORDER BY o.tenant_id, o.date
    ON CONFLICT (tenant_id, date, slot) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  ELSE
    INSERT INTO cash_flow_days AS d (tenant_id, date, slot, income, expenses)
    SELECT c.tenant_id, c.date, pg_backend_pid() % 16,
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'income'), 0),
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'expense'), 0)
      FROM (SELECT tenant_id, date, type, amount FROM new_rows
            UNION ALL
            SELECT tenant_id, date, type, -amount FROM old_rows) c
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant_id)
     GROUP BY c.tenant_id, c.date
     ORDER BY c.tenant_id, c.date
    ON CONFLICT (tenant_id, date, slot) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_days_add"(uuid[], date[], bigint[], bigint[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days AS x (tenant_id, date, slot, sales, revenue, cost)
  SELECT c.tenant, c.day, pg_backend_pid() % 16, sum(c.n), sum(c.revenue), sum(c.cost)
    FROM unnest($1, $2, $3, $4, $5) AS c(tenant, day, n, revenue, cost)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant)
   GROUP BY c.tenant, c.day
  HAVING sum(c.n) <> 0 OR sum(c.revenue) <> 0 OR sum(c.cost) <> 0
   ORDER BY c.tenant, c.day
  ON CONFLICT (tenant_id, date, slot) DO UPDATE
    SET sales = x.sales + excluded.sales, revenue = x.revenue + excluded.revenue, cost = x.cost + excluded.cost;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sale_product_days_add"(uuid[], date[], uuid[], bigint[], bigint[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_product_days AS x (tenant_id, date, product_id, lines, revenue, cost)
  SELECT c.tenant, c.day, c.product, sum(c.n), sum(c.revenue), sum(c.cost)
    FROM unnest($1, $2, $3, $4, $5, $6) AS c(tenant, day, product, n, revenue, cost)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant)
   GROUP BY c.tenant, c.day, c.product
  HAVING sum(c.n) <> 0 OR sum(c.revenue) <> 0 OR sum(c.cost) <> 0
   ORDER BY c.tenant, c.day, c.product
  ON CONFLICT (tenant_id, product_id, date) DO UPDATE
    SET lines = x.lines + excluded.lines, revenue = x.revenue + excluded.revenue, cost = x.cost + excluded.cost;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sale_reports_sales"(int[], uuid[], uuid[], timestamptz[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(c.sign::bigint),
                         array_agg(c.sign * c.total), array_agg(c.sign * coalesce(l.cost, 0)))
     FROM (SELECT u.sign, u.tenant, u.sale, ((u.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date AS day, u.total
             FROM unnest($1, $2, $3, $4, $5) AS u(sign, tenant, sale, sold_at, total)) c
     LEFT JOIN LATERAL (
       SELECT sum(i.quantity::bigint * i.unit_cost)::bigint AS cost FROM sale_items i
        WHERE i.tenant_id = c.tenant AND i.sale_id = c.sale) l ON true;
  PERFORM sale_product_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(i.product_id), array_agg(c.sign::bigint),
                                array_agg(c.sign * i.total_price), array_agg(c.sign * i.quantity::bigint * i.unit_cost))
     FROM (SELECT u.sign, u.tenant, u.sale, ((u.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date AS day
             FROM unnest($1, $2, $3, $4) AS u(sign, tenant, sale, sold_at)) c
     JOIN sale_items i ON i.tenant_id = c.tenant AND i.sale_id = c.sale
   HAVING count(*) > 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sale_reports_items"(int[], uuid[], uuid[], uuid[], bigint[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_add(x.tenants, x.days, x.zeros, x.zeros, x.costs),
          sale_product_days_add(x.tenants, x.days, x.products, x.signs, x.revenues, x.costs)
     FROM (SELECT array_agg(u.tenant) AS tenants,
                  array_agg(((s.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date) AS days,
                  array_agg(0::bigint) AS zeros, array_agg(u.sign::bigint) AS signs, array_agg(u.product) AS products,
                  array_agg(u.sign * u.revenue) AS revenues, array_agg(u.sign * u.cost) AS costs
             FROM unnest($1, $2, $3, $4, $5, $6) AS u(sign, tenant, sale, product, revenue, cost)
             JOIN sales s ON s.tenant_id = u.tenant AND s.id = u.sale AND s.sale_status = 'completed'
           HAVING count(*) > 0) x;
END
$$;
