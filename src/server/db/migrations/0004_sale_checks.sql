CREATE TABLE "product_prices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sale_price" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_conflicts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "sale_conflicts_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_conflicts_kind_check" CHECK ("sale_conflicts"."kind" IN ('stock', 'price', 'clock'))
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "price_conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "claimed_sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "device_label" text;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_product_idx" ON "product_prices" USING btree ("tenant_id","product_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_conflicts_sale_kind_key" ON "sale_conflicts" USING btree ("tenant_id","sale_id","kind");--> statement-breakpoint
CREATE INDEX "sale_conflicts_open_idx" ON "sale_conflicts" USING btree ("tenant_id","created_at") WHERE reviewed_at IS NULL;--> statement-breakpoint
-- Hand-written from here on.
-- Sales already stored were received when they were created; their devices are unknown.
UPDATE "sales" SET "received_at" = "created_at";
--> statement-breakpoint
-- Price history: every product starts with the price it has now, in effect since it was
-- created (what it cost before is not known). From now on the triggers below keep it.
INSERT INTO "product_prices" ("tenant_id", "product_id", "sale_price", "changed_at")
SELECT "tenant_id", "id", "sale_price", "created_at" FROM "products";
--> statement-breakpoint
-- Stock shortfalls recorded on sales so far become conflicts to review.
INSERT INTO "sale_conflicts" ("tenant_id", "sale_id", "kind", "created_at")
SELECT "tenant_id", "id", 'stock', "created_at" FROM "sales" WHERE "stock_conflicts" <> '[]'::jsonb;
--> statement-breakpoint
-- A product's first price, in the transaction that creates it (one INSERT per statement,
-- however many products it wrote: the seed and bulk loads write thousands at once).
CREATE FUNCTION "product_prices_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_prices (tenant_id, product_id, sale_price, changed_at)
  SELECT n.tenant_id, n.id, n.sale_price, n.created_at FROM new_rows n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_prices_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_on_insert"();
--> statement-breakpoint
-- A change of sale_price, in the transaction of the update. Row-level and limited to
-- updates that name sale_price: the stock writes of every sale never fire it.
CREATE FUNCTION "product_prices_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_prices (tenant_id, product_id, sale_price, changed_at)
  VALUES (NEW.tenant_id, NEW.id, NEW.sale_price, now());
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_prices_update" AFTER UPDATE OF "sale_price" ON "products"
  FOR EACH ROW WHEN (OLD."sale_price" IS DISTINCT FROM NEW."sale_price")
  EXECUTE FUNCTION "product_prices_on_update"();
