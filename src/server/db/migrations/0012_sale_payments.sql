-- A sale paid in parts (DESIGN.md, Counter rules): one row per part (method, amount; cash
-- with what was received and the change given), written with the sale in its statement;
-- the caixa counts its figures per method from these. A single-method sale has one part
-- with its total; a crediário sale one part for its entrada (when > 0) with the method it
-- was paid by. Discounts: per line (sale_items.discount, what the cashier took off the
-- line) and per sale (sales.discount, shared out over the lines); a line's total_price is
-- what was charged for it, so the day totals, the DRE and the margins count revenue net of
-- discounts without change. Each sale's cash-book entry names the method of its part.
CREATE TABLE "sale_payments" (
	"tenant_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"received" bigint,
	"change" bigint,
	CONSTRAINT "sale_payments_pkey" PRIMARY KEY("tenant_id","sale_id","seq"),
	CONSTRAINT "sale_payments_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "sale_payments_method_check" CHECK ("sale_payments"."method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer')),
	CONSTRAINT "sale_payments_amount_check" CHECK ("sale_payments"."amount" > 0),
	CONSTRAINT "sale_payments_cash_check" CHECK (("sale_payments"."received" IS NULL AND "sale_payments"."change" IS NULL)
		OR ("sale_payments"."method" = 'cash' AND "sale_payments"."change" >= 0 AND "sale_payments"."received" = "sale_payments"."amount" + "sale_payments"."change"))
);
--> statement-breakpoint
INSERT INTO "sale_payments" ("tenant_id", "sale_id", "seq", "method", "amount")
SELECT "tenant_id", "id", 1, "payment_method", "total" FROM "sales"
 WHERE "payment_method" <> 'crediario' AND "total" > 0;
--> statement-breakpoint
INSERT INTO "sale_payments" ("tenant_id", "sale_id", "seq", "method", "amount")
SELECT "tenant_id", "id", 1, 'cash', ("crediario"->>'entrada')::bigint FROM "sales"
 WHERE "payment_method" = 'crediario' AND ("crediario"->>'entrada')::bigint > 0;
--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD COLUMN "payment_method" text;
--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD CONSTRAINT "cash_flow_entries_payment_method_check" CHECK ("cash_flow_entries"."payment_method" IS NULL OR "cash_flow_entries"."payment_method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario'));
--> statement-breakpoint
UPDATE "cash_flow_entries" e SET "payment_method" = CASE WHEN s."payment_method" = 'crediario' THEN 'cash' ELSE s."payment_method" END
  FROM "sales" s
 WHERE e."tenant_id" = s."tenant_id" AND e."sale_id" = s."id" AND e."account_receivable_id" IS NULL AND e."type" = 'income';
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_discount_check" CHECK ("sales"."discount" >= 0);
--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_discount_check" CHECK ("sale_items"."discount" >= 0);
--> statement-breakpoint
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";
--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("sale_conflicts"."kind" IN ('stock', 'price', 'clock', 'discount'));
