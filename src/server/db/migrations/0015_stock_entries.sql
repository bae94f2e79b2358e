-- Goods in from a supplier's NF-e: one stock entry per access key (a key enters once per
-- store), its lines with the product each one entered and the units it added, and what a
-- supplier's own product code was linked to last time (with the units in its package),
-- so the next NF-e of that supplier proposes the same product. The payables of an entry
-- are filed under 'Mercadorias para revenda', a category every store gets.
CREATE TABLE "stock_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"access_key" text NOT NULL,
	"number" integer NOT NULL,
	"series" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier_document" text NOT NULL,
	"supplier_name" text NOT NULL,
	"total" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_entries_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_entry_lines" (
	"tenant_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"item_number" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_code" text NOT NULL,
	"ean" text,
	"description" text NOT NULL,
	"ncm" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(15, 4) NOT NULL,
	"units_per_package" integer NOT NULL,
	"units" integer NOT NULL,
	"unit_cost" bigint NOT NULL,
	"total" bigint NOT NULL,
	"product_created" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stock_entry_lines_pkey" PRIMARY KEY("tenant_id","entry_id","item_number"),
	CONSTRAINT "stock_entry_lines_units_check" CHECK ("units" > 0 AND "units_per_package" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_product_links" (
	"tenant_id" uuid NOT NULL,
	"supplier_document" text NOT NULL,
	"supplier_code" text NOT NULL,
	"product_id" uuid NOT NULL,
	"units_per_package" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_product_links_pkey" PRIMARY KEY("tenant_id","supplier_document","supplier_code")
);
--> statement-breakpoint
ALTER TABLE "stock_entries" ADD CONSTRAINT "stock_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_entry_lines" ADD CONSTRAINT "stock_entry_lines_entry_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."stock_entries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_entry_lines" ADD CONSTRAINT "stock_entry_lines_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_product_links" ADD CONSTRAINT "supplier_product_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_product_links" ADD CONSTRAINT "supplier_product_links_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_entries_tenant_key_key" ON "stock_entries" USING btree ("tenant_id","access_key");--> statement-breakpoint
CREATE INDEX "stock_entries_tenant_created_idx" ON "stock_entries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_entry_lines_product_idx" ON "stock_entry_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
INSERT INTO "expense_categories" ("tenant_id", "name")
  SELECT "id", 'Mercadorias para revenda' FROM "tenants" ON CONFLICT DO NOTHING;
