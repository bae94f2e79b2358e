ALTER TABLE "customers" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "txid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "txid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tenant_txid_idx" ON "customers" USING btree ("tenant_id","txid");--> statement-breakpoint
CREATE INDEX "products_tenant_txid_idx" ON "products" USING btree ("tenant_id","txid");--> statement-breakpoint
-- Hand-edited: the sync cursor no longer needs the store's version lock.
-- Until now every product or customer write bumped tenants.change_version, row-locked until
-- commit, so versions committed in order and "version > cursor" never skipped a row; but
-- every sale of a store waited for the previous one's commit on that row. Now:
-- * versions come from one sequence (nextval takes no lock that lasts), drawn by the
--   trigger below on every write of a row. The row is locked when a BEFORE UPDATE trigger
--   runs, so one row's versions still grow in the order its writes commit (what the till's
--   "keep the newer version" needs); across rows they may commit out of order;
-- * every write also stamps the row with its transaction's id (txid, the top-level id
--   even inside a savepoint), and the sync cursor follows transactions, not versions: a
--   pull hands back its own snapshot, and the next one asks for the rows whose writer that
--   snapshot could not see (catalogue/sync.ts). A transaction still open when a till pulled
--   is in that snapshot's in-progress list, so its rows come in a later pull, whenever it
--   commits.
-- A statement that sets a new version itself (the sale's stock write, which draws one per
-- sale that moved the product) keeps it; any other write gets the next one.
CREATE SEQUENCE "change_versions" AS bigint;--> statement-breakpoint
SELECT setval('change_versions', greatest(
  (SELECT max(change_version) FROM tenants), (SELECT max(version) FROM products),
  (SELECT max(version) FROM customers), 1));--> statement-breakpoint
CREATE FUNCTION "stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.txid := pg_current_xact_id()::text::bigint;
  IF TG_OP = 'INSERT' THEN
    NEW.version := nextval('change_versions');
  ELSIF NEW.version = OLD.version THEN
    NEW.version := nextval('change_versions');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_stamp_change" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION stamp_change();--> statement-breakpoint
CREATE TRIGGER "customers_stamp_change" BEFORE INSERT OR UPDATE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION stamp_change();--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "change_version";