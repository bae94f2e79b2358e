-- A product's fiscal data, what its NFC-e item carries (a store in the Simples Nacional):
-- NCM (8 digits, required to emit), CEST (7, under ST), CFOP, CSOSN, origem (0-8) and the
-- commercial unit. Null takes the store's default when a note is made (NCM has none).
ALTER TABLE "products" ADD COLUMN "ncm" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cfop" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "csosn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'UN' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fiscal_check" CHECK (
  ("ncm" IS NULL OR "ncm" ~ '^[0-9]{8}$') AND ("cest" IS NULL OR "cest" ~ '^[0-9]{7}$')
  AND ("cfop" IS NULL OR "cfop" ~ '^5[0-9]{3}$') AND ("csosn" IS NULL OR "csosn" IN ('102', '103', '300', '400', '500', '900'))
  AND ("origin" IS NULL OR "origin" BETWEEN 0 AND 8)
);--> statement-breakpoint
-- The till lists the products a note cannot carry yet (no NCM).
CREATE INDEX "products_without_ncm_idx" ON "products" ("tenant_id") WHERE "ncm" IS NULL AND "deleted_at" IS NULL;
