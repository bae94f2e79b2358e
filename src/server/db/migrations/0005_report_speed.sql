CREATE TABLE "sale_product_days" (
	"tenant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"product_id" uuid NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_product_days_pkey" PRIMARY KEY("tenant_id","date","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"tenant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_pkey" PRIMARY KEY("tenant_id","date")
);
--> statement-breakpoint
ALTER TABLE "sale_product_days" ADD CONSTRAINT "sale_product_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_days" ADD CONSTRAINT "sales_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the two tables follow every write of sales and sale_items in the writing
-- statement's own transaction, as cash_flow_days follows the cash book (0003). A sale
-- counts while it is completed, on the São Paulo day of its sold_at (UTC-3, as
-- src/shared/dates.ts); its lines count with it. Each trigger adds signed changes (+ new
-- rows, - old rows); groups that add up to nothing are not written, and rows are upserted
-- in key order, so two transactions writing several days never wait for each other in a
-- circle. Rows of a tenant being deleted (cascade) change nothing: its days go with it.
CREATE FUNCTION "sales_days_add"(uuid[], date[], bigint[], bigint[], bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sales_days AS x (tenant_id, date, sales, revenue, cost)
  SELECT c.tenant, c.day, sum(c.n), sum(c.revenue), sum(c.cost)
    FROM unnest($1, $2, $3, $4, $5) AS c(tenant, day, n, revenue, cost)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant)
   GROUP BY c.tenant, c.day
  HAVING sum(c.n) <> 0 OR sum(c.revenue) <> 0 OR sum(c.cost) <> 0
   ORDER BY c.tenant, c.day
  ON CONFLICT (tenant_id, date) DO UPDATE
    SET sales = x.sales + excluded.sales, revenue = x.revenue + excluded.revenue, cost = x.cost + excluded.cost
$$;
--> statement-breakpoint
CREATE FUNCTION "sale_product_days_add"(uuid[], date[], uuid[], bigint[], bigint[], bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sale_product_days AS x (tenant_id, date, product_id, lines, revenue, cost)
  SELECT c.tenant, c.day, c.product, sum(c.n), sum(c.revenue), sum(c.cost)
    FROM unnest($1, $2, $3, $4, $5, $6) AS c(tenant, day, product, n, revenue, cost)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant)
   GROUP BY c.tenant, c.day, c.product
  HAVING sum(c.n) <> 0 OR sum(c.revenue) <> 0 OR sum(c.cost) <> 0
   ORDER BY c.tenant, c.day, c.product
  ON CONFLICT (tenant_id, date, product_id) DO UPDATE
    SET lines = x.lines + excluded.lines, revenue = x.revenue + excluded.revenue, cost = x.cost + excluded.cost
$$;
--> statement-breakpoint
-- Completed sales counted in (sign +1) or out (-1): their count and total, and their lines
-- as they are now.
CREATE FUNCTION "sale_reports_sales"(int[], uuid[], uuid[], timestamptz[], bigint[]) RETURNS void
LANGUAGE sql AS $$
  WITH c AS (
    SELECT u.sign, u.tenant, u.sale, ((u.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date AS day, u.total
      FROM unnest($1, $2, $3, $4, $5) AS u(sign, tenant, sale, sold_at, total)
  ), days AS (
    SELECT sales_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(c.sign::bigint),
                          array_agg(c.sign * c.total), array_agg(c.sign * coalesce(l.cost, 0)))
      FROM c LEFT JOIN LATERAL (
        SELECT sum(i.quantity::bigint * i.unit_cost)::bigint AS cost FROM sale_items i
         WHERE i.tenant_id = c.tenant AND i.sale_id = c.sale) l ON true
  ), products AS (
    SELECT sale_product_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(i.product_id), array_agg(c.sign::bigint),
                                 array_agg(c.sign * i.total_price), array_agg(c.sign * i.quantity::bigint * i.unit_cost))
      FROM c JOIN sale_items i ON i.tenant_id = c.tenant AND i.sale_id = c.sale
  )
  SELECT FROM days, products
$$;
--> statement-breakpoint
-- Lines counted in (+1) or out (-1), for those whose sale is completed now.
CREATE FUNCTION "sale_reports_items"(int[], uuid[], uuid[], uuid[], bigint[], bigint[]) RETURNS void
LANGUAGE sql AS $$
  WITH c AS (
    SELECT u.sign, u.tenant, ((s.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date AS day, u.product,
           u.sign * u.revenue AS revenue, u.sign * u.cost AS cost
      FROM unnest($1, $2, $3, $4, $5, $6) AS u(sign, tenant, sale, product, revenue, cost)
      JOIN sales s ON s.tenant_id = u.tenant AND s.id = u.sale AND s.sale_status = 'completed'
  ), days AS (
    SELECT sales_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(0::bigint), array_agg(0::bigint), array_agg(c.cost))
      FROM c
  ), products AS (
    SELECT sale_product_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(c.product), array_agg(c.sign::bigint),
                                 array_agg(c.revenue), array_agg(c.cost))
      FROM c
  )
  SELECT FROM days, products
$$;
--> statement-breakpoint
CREATE FUNCTION "sale_reports_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sale_reports_sales(array_agg(1), array_agg(n.tenant_id), array_agg(n.id), array_agg(n.sold_at), array_agg(n.total))
       FROM new_rows n WHERE n.sale_status = 'completed' HAVING count(*) > 0;
  ELSE
    -- Only sales whose status, day or total changed (not a payment status or a note).
    PERFORM sale_reports_sales(array_agg(c.sign), array_agg(c.tenant_id), array_agg(c.id), array_agg(c.sold_at), array_agg(c.total))
       FROM (SELECT -1 AS sign, o.tenant_id, o.id, o.sold_at, o.total FROM old_rows o
              WHERE o.sale_status = 'completed' AND NOT EXISTS (
                SELECT 1 FROM new_rows n WHERE n.tenant_id = o.tenant_id AND n.id = o.id
                   AND n.sale_status = o.sale_status AND n.sold_at = o.sold_at AND n.total = o.total)
             UNION ALL
             SELECT 1, n.tenant_id, n.id, n.sold_at, n.total FROM new_rows n
              WHERE n.sale_status = 'completed' AND NOT EXISTS (
                SELECT 1 FROM old_rows o WHERE o.tenant_id = n.tenant_id AND o.id = n.id
                   AND o.sale_status = n.sale_status AND o.sold_at = n.sold_at AND o.total = n.total)) c
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted sale is counted out before it goes, while its lines are still there (they go
-- by cascade afterwards, and count nothing then: their sale is gone).
CREATE FUNCTION "sale_reports_sale_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.sale_status = 'completed' THEN
    PERFORM sale_reports_sales(ARRAY[-1], ARRAY[OLD.tenant_id], ARRAY[OLD.id], ARRAY[OLD.sold_at], ARRAY[OLD.total]);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "sale_reports_on_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sale_reports_items(array_agg(1), array_agg(n.tenant_id), array_agg(n.sale_id), array_agg(n.product_id),
                               array_agg(n.total_price), array_agg(n.quantity::bigint * n.unit_cost))
       FROM new_rows n HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sale_reports_items(array_agg(-1), array_agg(o.tenant_id), array_agg(o.sale_id), array_agg(o.product_id),
                               array_agg(o.total_price), array_agg(o.quantity::bigint * o.unit_cost))
       FROM old_rows o HAVING count(*) > 0;
  ELSE
    PERFORM sale_reports_items(array_agg(c.sign), array_agg(c.tenant_id), array_agg(c.sale_id), array_agg(c.product_id),
                               array_agg(c.total_price), array_agg(c.cost))
       FROM (SELECT -1 AS sign, o.tenant_id, o.sale_id, o.product_id, o.total_price, o.quantity::bigint * o.unit_cost AS cost FROM old_rows o
             UNION ALL
             SELECT 1, n.tenant_id, n.sale_id, n.product_id, n.total_price, n.quantity::bigint * n.unit_cost FROM new_rows n) c
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sale_reports_insert" AFTER INSERT ON "sales"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_sales"();
--> statement-breakpoint
CREATE TRIGGER "sale_reports_update" AFTER UPDATE ON "sales"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_sales"();
--> statement-breakpoint
CREATE TRIGGER "sale_reports_delete" BEFORE DELETE ON "sales"
  FOR EACH ROW EXECUTE FUNCTION "sale_reports_sale_deleted"();
--> statement-breakpoint
CREATE TRIGGER "sale_reports_items_insert" AFTER INSERT ON "sale_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();
--> statement-breakpoint
CREATE TRIGGER "sale_reports_items_update" AFTER UPDATE ON "sale_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();
--> statement-breakpoint
CREATE TRIGGER "sale_reports_items_delete" AFTER DELETE ON "sale_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();
--> statement-breakpoint
INSERT INTO "sales_days" (tenant_id, date, sales, revenue, cost)
SELECT s.tenant_id, ((s.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date, count(*), sum(s.total), coalesce(sum(l.cost), 0)
  FROM "sales" s
  LEFT JOIN (SELECT tenant_id, sale_id, sum(quantity::bigint * unit_cost) AS cost FROM "sale_items" GROUP BY tenant_id, sale_id) l
    ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
 WHERE s.sale_status = 'completed'
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "sale_product_days" (tenant_id, date, product_id, lines, revenue, cost)
SELECT s.tenant_id, ((s.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date, i.product_id, count(*), sum(i.total_price),
       sum(i.quantity::bigint * i.unit_cost)
  FROM "sales" s JOIN "sale_items" i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id
 WHERE s.sale_status = 'completed'
 GROUP BY 1, 2, 3;
