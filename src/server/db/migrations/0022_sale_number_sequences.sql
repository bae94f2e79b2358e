-- The numbers of the sales a store numbers itself ('0107': a sale that arrived without a
-- number, or with one the store already has) come from a PostgreSQL sequence per store,
-- 'sale_numbers_' and the store's id without dashes (db/functions.sql sale_numbers_next;
-- every new store gets its own from the tenants' trigger there). A sequence's nextval is
-- not undone by a rollback and is held by nobody until commit, so a store's sales without
-- a number no longer pass one at a time through the row of sale_counters (migration 0016),
-- which held its lock until the sale committed. Each store's sequence starts past every
-- number the store has handed out (its counter, and any bare number written by hand).
DO $$
DECLARE
  store record;
BEGIN
  FOR store IN
    SELECT t.id,
           greatest(coalesce(c.sales, 0),
                    coalesce((SELECT max(s.number::numeric) FROM sales s
                               WHERE s.tenant_id = t.id AND s.number ~ '^[0-9]{1,18}$'), 0)) AS last
      FROM tenants t LEFT JOIN sale_counters c ON c.tenant_id = t.id
  LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START %s', 'sale_numbers_' || replace(store.id::text, '-', ''), store.last + 1);
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS "sale_numbers_take"(uuid, integer);--> statement-breakpoint
ALTER TABLE "sale_counters" DROP COLUMN "sales";
