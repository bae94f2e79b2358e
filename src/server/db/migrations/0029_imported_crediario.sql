-- Open crediário brought in from a spreadsheet: instalments of sales made before Balcão,
-- each a receivable of the customer with the import that created it. Such a receivable is
-- crediário like a sale's (the customer's limit, the carnê collected at the counter, multa
-- and juros from its due date) but, with no sale here, never revenue in the DRE.
ALTER TABLE "accounts_receivable" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_import_fk" FOREIGN KEY ("tenant_id","import_id") REFERENCES "public"."imports"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_receivable_import_idx" ON "accounts_receivable" ("tenant_id","import_id") WHERE "import_id" IS NOT NULL;
