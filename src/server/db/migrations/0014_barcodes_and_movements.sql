-- Barcodes, stock movements and stock counts (issue 23).
--
-- products.barcode: a GTIN (8, 12, 13 or 14 digits, check digit valid: src/shared/gtin.ts),
-- stored as typed (bare digits), NULL for none ('SEM GTIN' and an empty field are none).
-- Unique among a store's live products as the same item whatever length it is written in
-- (a UPC-A and the EAN-13 a scanner reads for it, zero-padded to 14 digits: gtin14). The
-- search finds a product by any part of its barcode (GIN trigrams, tenant_id first as every
-- index here); a scan's exact code uses the unique index.
ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_barcode_digits" CHECK ("barcode" ~ '^[0-9]{8,14}$');--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_barcode_key" ON "products" ("tenant_id", lpad("barcode", 14, '0')) WHERE "deleted_at" IS NULL AND "barcode" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_barcode_search_idx" ON "products" USING gin ("tenant_id", "barcode" gin_trgm_ops) WHERE "barcode" IS NOT NULL;--> statement-breakpoint
-- Every change of a product's stock, with why (kind, and the reason a person typed for an
-- adjustment), by how much (signed: a sale takes, a cancel gives back), the stock after
-- it, who, when, and the document it came from (a sale, a stock entry, a count). Written by
-- the one stock writer (server/sales/stock.ts) in the statement that changes the stock.
-- `seq` orders a product's movements (several may share a transaction's time).
CREATE TABLE "stock_movements" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text,
	"user_id" uuid,
	"sale_id" uuid,
	"entry_id" uuid,
	"count_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_movements_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "products"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "stock_movements_kind_check" CHECK ("kind" IN ('sale', 'sale_cancelled', 'sale_edit', 'return', 'nfe_entry', 'adjustment', 'count')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("quantity" <> 0)
);--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" ("tenant_id","product_id","seq");--> statement-breakpoint
CREATE INDEX "stock_movements_sale_idx" ON "stock_movements" ("tenant_id","sale_id") WHERE "sale_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_entry_idx" ON "stock_movements" ("tenant_id","entry_id") WHERE "entry_id" IS NOT NULL;--> statement-breakpoint
-- Inventário: a count an admin opens (all products or those a filter finds), the counted
-- quantity of each product with the stock the system had when it was counted (a sale after
-- that is not counted away: confirming moves the stock by counted - stock_when_counted),
-- confirmed into one 'count' movement per difference. One open count per store.
CREATE TABLE "stock_counts" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"search" text,
	"created_by" uuid,
	"confirmed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stock_counts_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_counts_status_check" CHECK ("status" IN ('open', 'confirmed', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_one_open_key" ON "stock_counts" ("tenant_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "stock_count_items" (
	"tenant_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"counted" integer NOT NULL,
	"stock_when_counted" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_items_pkey" PRIMARY KEY("tenant_id","count_id","product_id"),
	CONSTRAINT "stock_count_items_count_fk" FOREIGN KEY ("tenant_id","count_id") REFERENCES "stock_counts"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "stock_count_items_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "products"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "stock_count_items_counted_check" CHECK ("counted" >= 0)
);
