-- Sales made with emission on that have no NFC-e, and why (a product without NCM, a till
-- without a series, the certificate unreadable...). The sale itself is never refused for a
-- fiscal reason: it is kept as always, and listed here for the admin (sales/create/sale-fiscal.ts).
-- One row per sale, written in the sale's own transaction.
CREATE TABLE "fiscal_unissued" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"sale_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_unissued_pkey" PRIMARY KEY ("tenant_id","sale_id"),
	CONSTRAINT "fiscal_unissued_sale_fkey" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "sales"("tenant_id","id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX "fiscal_unissued_created_idx" ON "fiscal_unissued" ("tenant_id","created_at");
