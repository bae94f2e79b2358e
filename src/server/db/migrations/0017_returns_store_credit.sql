-- Returns and exchanges ('Trocas e Devoluções') and the vale-troca (store credit).
--
-- sale_returns: one row per return of a sale (a sale may be returned in several goes),
-- with how the customer was paid back: 'dinheiro' (a cash-book expense, counted in the
-- open caixa session's expected cash), 'estorno' (back on the original card or Pix: a
-- cash-book expense in that method), 'vale_troca' (store credit on the customer). amount is
-- the value of the goods returned; of it, `installments` centavos were taken off the
-- sale's open crediário instalments (last ones first) and `refunded` paid back by the
-- method (amount = installments + refunded). cost is the returned units x the unit cost
-- snapshotted on the sale (the DRE's product_costs deduction). The returns' value and cost
-- are counted out of the sales' day totals on the return's São Paulo day.
CREATE TABLE "sale_returns" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"refund_method" text NOT NULL,
	"refund_payment_method" text,
	"amount" bigint NOT NULL,
	"installments" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"cash_session_id" uuid,
	"offline" boolean DEFAULT false NOT NULL,
	"limit_conflict" boolean DEFAULT false NOT NULL,
	"device_id" uuid,
	"returned_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_returns_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "sales"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "sale_returns_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "customers"("tenant_id","id"),
	CONSTRAINT "sale_returns_refund_method_check" CHECK ("refund_method" IN ('dinheiro', 'estorno', 'vale_troca')),
	CONSTRAINT "sale_returns_amounts_check" CHECK ("amount" > 0 AND "installments" >= 0 AND "refunded" >= 0 AND "cost" >= 0 AND "amount" = "installments" + "refunded")
);--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" ("tenant_id","sale_id");--> statement-breakpoint
CREATE INDEX "sale_returns_day_idx" ON "sale_returns" ("tenant_id","returned_at");--> statement-breakpoint
CREATE INDEX "sale_returns_session_idx" ON "sale_returns" ("tenant_id","cash_session_id") WHERE "cash_session_id" IS NOT NULL;--> statement-breakpoint
-- The lines of a return: which sale line, how many units, their value and cost, and
-- whether they went back to stock (a damaged item does not).
CREATE TABLE "sale_return_lines" (
	"tenant_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"sale_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"damaged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sale_return_lines_pkey" PRIMARY KEY("tenant_id","return_id","sale_item_id"),
	CONSTRAINT "sale_return_lines_return_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "sale_returns"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "sale_return_lines_item_fk" FOREIGN KEY ("tenant_id","sale_item_id") REFERENCES "sale_items"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "sale_return_lines_quantity_check" CHECK ("quantity" > 0 AND "amount" >= 0 AND "cost" >= 0)
);--> statement-breakpoint
CREATE INDEX "sale_return_lines_item_idx" ON "sale_return_lines" ("tenant_id","sale_item_id");--> statement-breakpoint
-- The vale-troca: the customer's balance (never below zero) and its ledger, each credit
-- (a return) and use (a sale paid with it) with its document.
ALTER TABLE "customers" ADD COLUMN "store_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_credit_check" CHECK ("store_credit" >= 0);--> statement-breakpoint
CREATE TABLE "store_credit_ledger" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"return_id" uuid,
	"sale_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_ledger_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "store_credit_ledger_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "customers"("tenant_id","id"),
	CONSTRAINT "store_credit_ledger_kind_check" CHECK ("kind" IN ('credit', 'use')),
	CONSTRAINT "store_credit_ledger_amount_check" CHECK ("amount" > 0 AND "balance_after" >= 0)
);--> statement-breakpoint
CREATE INDEX "store_credit_ledger_customer_idx" ON "store_credit_ledger" ("tenant_id","customer_id","seq");--> statement-breakpoint
-- A sale may be paid (in part) with the vale-troca: a part with no cash-book entry.
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_method_check";--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_method_check" CHECK ("method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'store_credit'));--> statement-breakpoint
-- A return beyond a cashier's limit made offline, and a vale used offline beyond the balance.
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("kind" IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit'));
