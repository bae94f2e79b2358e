CREATE TABLE "cash_flow_days" (
	"tenant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"expenses" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_flow_days_pkey" PRIMARY KEY("tenant_id","date")
);
--> statement-breakpoint
ALTER TABLE "cash_flow_days" ADD CONSTRAINT "cash_flow_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the day totals follow every write of cash_flow_entries in the same
-- statement's transaction (statement-level triggers over the transition tables: one
-- upsert per statement, however many entries it wrote). Rows are upserted in key order,
-- so two transactions writing several days never wait for each other in a circle.
-- Entries of a tenant being deleted (cascade) change nothing: its days go with it.
CREATE FUNCTION "cash_flow_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cash_flow_days AS d (tenant_id, date, income, expenses)
    SELECT n.tenant_id, n.date,
           coalesce(sum(n.amount) FILTER (WHERE n.type = 'income'), 0),
           coalesce(sum(n.amount) FILTER (WHERE n.type = 'expense'), 0)
      FROM new_rows n
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = n.tenant_id)
     GROUP BY n.tenant_id, n.date
     ORDER BY n.tenant_id, n.date
    ON CONFLICT (tenant_id, date) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cash_flow_days AS d (tenant_id, date, income, expenses)
    SELECT o.tenant_id, o.date,
           -coalesce(sum(o.amount) FILTER (WHERE o.type = 'income'), 0),
           -coalesce(sum(o.amount) FILTER (WHERE o.type = 'expense'), 0)
      FROM old_rows o
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = o.tenant_id)
     GROUP BY o.tenant_id, o.date
     ORDER BY o.tenant_id, o.date
    ON CONFLICT (tenant_id, date) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  ELSE
    INSERT INTO cash_flow_days AS d (tenant_id, date, income, expenses)
    SELECT c.tenant_id, c.date,
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'income'), 0),
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'expense'), 0)
      FROM (SELECT tenant_id, date, type, amount FROM new_rows
            UNION ALL
            SELECT tenant_id, date, type, -amount FROM old_rows) c
     WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant_id)
     GROUP BY c.tenant_id, c.date
     ORDER BY c.tenant_id, c.date
    ON CONFLICT (tenant_id, date) DO UPDATE
      SET income = d.income + excluded.income, expenses = d.expenses + excluded.expenses;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cash_flow_days_insert" AFTER INSERT ON "cash_flow_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "cash_flow_days_update" AFTER UPDATE ON "cash_flow_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "cash_flow_days_delete" AFTER DELETE ON "cash_flow_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cash_flow_days_apply"();
--> statement-breakpoint
INSERT INTO "cash_flow_days" (tenant_id, date, income, expenses)
SELECT tenant_id, date,
       coalesce(sum(amount) FILTER (WHERE type = 'income'), 0),
       coalesce(sum(amount) FILTER (WHERE type = 'expense'), 0)
  FROM "cash_flow_entries"
 GROUP BY tenant_id, date;
