-- Every SQL function and trigger of the schema, as they are now: applied after the
-- migrations on every start, under the migration lock (db/client.ts), so the definition in
-- force is always the one here. Migrations keep what creates tables, columns and indexes;
-- a function or trigger changes here, never in a new migration. Everything is CREATE OR
-- REPLACE, so applying the file again changes nothing. Not here: balcao_fold (migration
-- 0010), which indexes are built on: it was created with them, and its behaviour can never
-- change without rebuilding them.
--
-- Days are São Paulo days at a fixed UTC-3 (spec §9: 'today' with a 3-hour offset), the
-- same as src/shared/dates.ts: sp_day is the one place SQL turns a time into its day.
CREATE OR REPLACE FUNCTION "sp_day"(timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (($1 AT TIME ZONE 'UTC') - interval '3 hours')::date $$;

-- Sync versions (catalogue/sync.ts). Every write of a product or customer row gets a new
-- version from one sequence and its transaction's id (txid); the sync cursor follows
-- transactions. A statement that sets a new version itself (a sale run's stock write, which
-- draws one per sale that moved the product after its locks) keeps it. The row is locked
-- when this BEFORE trigger runs, so one row's versions grow in the order its writes commit.
CREATE OR REPLACE FUNCTION "stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.txid := pg_current_xact_id()::text::bigint;
  IF TG_OP = 'INSERT' THEN
    NEW.version := nextval('change_versions');
  ELSIF NEW.version = OLD.version THEN
    NEW.version := nextval('change_versions');
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "products_stamp_change" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE OR REPLACE TRIGGER "customers_stamp_change" BEFORE INSERT OR UPDATE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

-- Price history (sales/sale-price.ts checks offline sales against it): a product's first
-- price in the transaction that creates it (one INSERT per statement, however many
-- products it wrote), and each change of sale_price in the transaction of the update
-- (row-level and limited to updates naming sale_price: the stock writes never fire it).
CREATE OR REPLACE FUNCTION "product_prices_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_prices (tenant_id, product_id, sale_price, changed_at)
  SELECT n.tenant_id, n.id, n.sale_price, n.created_at FROM new_rows n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "product_prices_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_on_insert"();

CREATE OR REPLACE FUNCTION "product_prices_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_prices (tenant_id, product_id, sale_price, changed_at)
  VALUES (NEW.tenant_id, NEW.id, NEW.sale_price, now());
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "product_prices_update" AFTER UPDATE OF "sale_price" ON "products"
  FOR EACH ROW WHEN (OLD."sale_price" IS DISTINCT FROM NEW."sale_price")
  EXECUTE FUNCTION "product_prices_on_update"();

-- The cash book's day totals (cash_flow_days) follow every write of cash_flow_entries in
-- its statement (statement-level triggers over the transition tables: one upsert per
-- statement). Rows are upserted in key order, so two transactions writing several days
-- never wait for each other in a circle; each connection writes its own slot of the day
-- (pg_backend_pid() % 16), so same-day writers do not queue on one row; readers sum the
-- slots. Entries of a tenant being deleted (cascade) change nothing: its days go with it.
-- plpgsql, so their plans are kept for the session.
CREATE OR REPLACE FUNCTION "cash_flow_days_add"(uuid[], date[], text[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cash_flow_days AS d (tenant_id, date, slot, income, expenses)
  SELECT c.tenant, c.day, pg_backend_pid() % 16,
         coalesce(sum(c.amount) FILTER (WHERE c.type = 'income'), 0),
         coalesce(sum(c.amount) FILTER (WHERE c.type = 'expense'), 0)
    FROM unnest($1, $2, $3, $4) AS c(tenant, day, type, amount)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant)
   GROUP BY c.tenant, c.day
   ORDER BY c.tenant, c.day
  ON CONFLICT (tenant_id, date, slot) DO UPDATE
    SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
END
$$;

-- The entries a statement removed count out, the ones it wrote count in (an update: both).
CREATE OR REPLACE FUNCTION "cash_flow_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM cash_flow_days_add(array_agg(o.tenant_id), array_agg(o.date), array_agg(o.type), array_agg(-o.amount))
       FROM old_rows o HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM cash_flow_days_add(array_agg(n.tenant_id), array_agg(n.date), array_agg(n.type), array_agg(n.amount))
       FROM new_rows n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "cash_flow_days_insert" AFTER INSERT ON "cash_flow_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();
CREATE OR REPLACE TRIGGER "cash_flow_days_update" AFTER UPDATE ON "cash_flow_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();
CREATE OR REPLACE TRIGGER "cash_flow_days_delete" AFTER DELETE ON "cash_flow_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();

-- The sales' day totals (sales_days: count, revenue, cost; sale_product_days: per
-- product) follow every write of completed sales and their lines, in the same
-- transaction (reports/ read them; a property test holds them against a recount).
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

-- Sales counted in (+1) or out (-1), with their lines.
CREATE OR REPLACE FUNCTION "sale_reports_sales"(int[], uuid[], uuid[], timestamptz[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(c.sign::bigint),
                         array_agg(c.sign * c.total), array_agg(c.sign * coalesce(l.cost, 0)))
     FROM (SELECT u.sign, u.tenant, u.sale, sp_day(u.sold_at) AS day, u.total
             FROM unnest($1, $2, $3, $4, $5) AS u(sign, tenant, sale, sold_at, total)) c
     LEFT JOIN LATERAL (
       SELECT sum(i.quantity::bigint * i.unit_cost)::bigint AS cost FROM sale_items i
        WHERE i.tenant_id = c.tenant AND i.sale_id = c.sale) l ON true;
  PERFORM sale_product_days_add(array_agg(c.tenant), array_agg(c.day), array_agg(i.product_id), array_agg(c.sign::bigint),
                                array_agg(c.sign * i.total_price), array_agg(c.sign * i.quantity::bigint * i.unit_cost))
     FROM (SELECT u.sign, u.tenant, u.sale, sp_day(u.sold_at) AS day
             FROM unnest($1, $2, $3, $4) AS u(sign, tenant, sale, sold_at)) c
     JOIN sale_items i ON i.tenant_id = c.tenant AND i.sale_id = c.sale
   HAVING count(*) > 0;
END
$$;

-- Lines counted in or out on their (completed) sale's day.
CREATE OR REPLACE FUNCTION "sale_reports_items"(int[], uuid[], uuid[], uuid[], bigint[], bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_add(x.tenants, x.days, x.zeros, x.zeros, x.costs),
          sale_product_days_add(x.tenants, x.days, x.products, x.signs, x.revenues, x.costs)
     FROM (SELECT array_agg(u.tenant) AS tenants,
                  array_agg(sp_day(s.sold_at)) AS days,
                  array_agg(0::bigint) AS zeros, array_agg(u.sign::bigint) AS signs, array_agg(u.product) AS products,
                  array_agg(u.sign * u.revenue) AS revenues, array_agg(u.sign * u.cost) AS costs
             FROM unnest($1, $2, $3, $4, $5, $6) AS u(sign, tenant, sale, product, revenue, cost)
             JOIN sales s ON s.tenant_id = u.tenant AND s.id = u.sale AND s.sale_status = 'completed'
           HAVING count(*) > 0) x;
END
$$;

-- A new sale counts itself and its revenue only: its cost and its products' days come
-- from its lines' own trigger, which finds the sale whether the lines come in the same
-- statement (a sale run's one write) or after it. Updates count out the old and in the
-- new state of sales whose status, day or total changed.
CREATE OR REPLACE FUNCTION "sale_reports_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_days_add(array_agg(n.tenant_id), array_agg(sp_day(n.sold_at)),
                           array_agg(1::bigint), array_agg(n.total), array_agg(0::bigint))
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

-- A deleted sale is counted out before it goes, while its lines are still there (they go
-- by cascade afterwards, and count nothing then: their sale is gone).
CREATE OR REPLACE FUNCTION "sale_reports_sale_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.sale_status = 'completed' THEN
    PERFORM sale_reports_sales(ARRAY[-1], ARRAY[OLD.tenant_id], ARRAY[OLD.id], ARRAY[OLD.sold_at], ARRAY[OLD.total]);
  END IF;
  RETURN OLD;
END
$$;

-- The lines a statement removed count out, the ones it wrote count in (an update: both).
CREATE OR REPLACE FUNCTION "sale_reports_on_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sale_reports_items(array_agg(-1), array_agg(o.tenant_id), array_agg(o.sale_id), array_agg(o.product_id),
                               array_agg(o.total_price), array_agg(o.quantity::bigint * o.unit_cost))
       FROM old_rows o HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sale_reports_items(array_agg(1), array_agg(n.tenant_id), array_agg(n.sale_id), array_agg(n.product_id),
                               array_agg(n.total_price), array_agg(n.quantity::bigint * n.unit_cost))
       FROM new_rows n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "sale_reports_insert" AFTER INSERT ON "sales"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_sales"();
CREATE OR REPLACE TRIGGER "sale_reports_update" AFTER UPDATE ON "sales"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_sales"();
CREATE OR REPLACE TRIGGER "sale_reports_delete" BEFORE DELETE ON "sales"
  FOR EACH ROW EXECUTE FUNCTION "sale_reports_sale_deleted"();
CREATE OR REPLACE TRIGGER "sale_reports_items_insert" AFTER INSERT ON "sale_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();
CREATE OR REPLACE TRIGGER "sale_reports_items_update" AFTER UPDATE ON "sale_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();
CREATE OR REPLACE TRIGGER "sale_reports_items_delete" AFTER DELETE ON "sale_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sale_reports_on_items"();

-- Sale numbers of the store's own sequence (shared/sale-number.ts: '0107', no device
-- code), for a sale that arrived without a number or with one the store already has: a
-- PostgreSQL sequence per store (migration 0022), named here. nextval takes a number at
-- once and nobody holds it: a sale's transaction does not make the store's next sale wait
-- for its commit, and a number taken by a sale that then fails or rolls back is not given
-- again. The store's numbers may skip (gaps are acceptable); what each sale gets is a
-- number nobody else in the store has.
CREATE OR REPLACE FUNCTION "sale_numbers_seq"(uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'sale_numbers_' || replace($1::text, '-', '')
$$;

-- `n` numbers of the store's sequence, in increasing order (sales taking them at the same
-- time may interleave: a run's numbers need not be consecutive).
CREATE OR REPLACE FUNCTION "sale_numbers_next"(uuid, integer) RETURNS bigint[] LANGUAGE sql AS $$
  SELECT coalesce(array_agg(n ORDER BY n), '{}')
    FROM (SELECT nextval(sale_numbers_seq($1)::regclass) FROM generate_series(1, $2)) AS t(n)
$$;

-- Every store has its sequence from its first moment, and it goes with the store.
CREATE OR REPLACE FUNCTION "tenant_sale_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('DROP SEQUENCE IF EXISTS %I', sale_numbers_seq(OLD.id));
    RETURN OLD;
  END IF;
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', sale_numbers_seq(NEW.id));
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "tenants_sale_numbers" AFTER INSERT OR DELETE ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "tenant_sale_numbers"();

-- A sale written without a number (a row inserted by hand, a script) gets the next one of
-- the store's sequence; the API always writes one (sales/sale-numbers.ts).
CREATE OR REPLACE FUNCTION "sale_number_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- lpad cuts a longer text: at least four digits, all of them past 9999.
  NEW.number := (SELECT lpad(n::text, greatest(4, length(n::text)), '0')
                   FROM nextval(sale_numbers_seq(NEW.tenant_id)::regclass) AS n);
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "sales_number_fill" BEFORE INSERT ON "sales"
  FOR EACH ROW WHEN (NEW."number" IS NULL) EXECUTE FUNCTION "sale_number_fill"();
