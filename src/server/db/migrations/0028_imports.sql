-- Spreadsheet imports (products, customers, open crediário): one row per confirmed file,
-- with what it did and who did it. A file (by its SHA-256) is imported once per kind and
-- store, so the same file twice changes nothing. Stock a spreadsheet sets or adds is a
-- movement of its own kind, 'import'.
CREATE TABLE "imports" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"stock_mode" text,
	"created_count" integer NOT NULL,
	"updated_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"total" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "imports_kind_check" CHECK ("kind" IN ('products', 'customers', 'receivables')),
	CONSTRAINT "imports_stock_mode_check" CHECK ("stock_mode" IN ('set', 'add'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "imports_file_key" ON "imports" ("tenant_id","kind","file_sha256");--> statement-breakpoint
CREATE INDEX "imports_tenant_created_idx" ON "imports" ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("kind" IN ('sale', 'sale_cancelled', 'sale_edit', 'return', 'nfe_entry', 'adjustment', 'count', 'import'));
