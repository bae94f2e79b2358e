-- The admin who approved a return over a cashier's limit (the admin of the sealed approval
-- the return carried; null when none was needed or none was given).
ALTER TABLE "sale_returns" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
-- The vale-troca given back in cash (an exchange whose new sale was cheaper): `amount`
-- centavos left the caixa `cash_session_id` in cash (a cash-book expense, counted out of
-- the session's expected cash as a 'dinheiro' return is); `taken` of them came off the
-- customer's vale-troca (the ledger's 'payout' entry). taken < amount only for a payout
-- made offline beyond the balance or beyond what its return credited (`conflict`).
CREATE TABLE "store_credit_payouts" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"sale_id" uuid,
	"amount" bigint NOT NULL,
	"taken" bigint NOT NULL,
	"cash_session_id" uuid,
	"offline" boolean DEFAULT false NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"device_id" uuid,
	"paid_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_payouts_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "store_credit_payouts_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "customers"("tenant_id","id"),
	CONSTRAINT "store_credit_payouts_return_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "sale_returns"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "store_credit_payouts_amount_check" CHECK ("amount" > 0 AND "taken" >= 0 AND "taken" <= "amount")
);--> statement-breakpoint
CREATE INDEX "store_credit_payouts_return_idx" ON "store_credit_payouts" ("tenant_id","return_id");--> statement-breakpoint
CREATE INDEX "store_credit_payouts_session_idx" ON "store_credit_payouts" ("tenant_id","cash_session_id") WHERE "cash_session_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_ledger" DROP CONSTRAINT "store_credit_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "store_credit_ledger" ADD CONSTRAINT "store_credit_ledger_kind_check" CHECK ("kind" IN ('credit', 'use', 'payout'));--> statement-breakpoint
-- A payout made offline beyond the customer's balance or its return's credit.
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("kind" IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit', 'credit', 'store_credit_payout'));
