CREATE TABLE "accounts_payable" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supplier_name" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"payment_method" text,
	"category" text NOT NULL,
	"reference_number" text,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_date" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_payable_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accounts_payable_status_check" CHECK ("accounts_payable"."status" IN ('pending', 'paid', 'cancelled')),
	CONSTRAINT "accounts_payable_payment_method_check" CHECK ("accounts_payable"."payment_method" IS NULL OR "accounts_payable"."payment_method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer')),
	CONSTRAINT "accounts_payable_amount_check" CHECK ("accounts_payable"."amount" > 0),
	CONSTRAINT "accounts_payable_paid_check" CHECK (("accounts_payable"."status" = 'paid') = ("accounts_payable"."payment_date" IS NOT NULL)),
	CONSTRAINT "accounts_payable_cancelled_check" CHECK (("accounts_payable"."status" = 'cancelled') = ("accounts_payable"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: rows from before this migration get the dates the new checks require.
UPDATE "accounts_receivable" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;--> statement-breakpoint
UPDATE "accounts_receivable" SET "payment_date" = (("updated_at" AT TIME ZONE 'UTC') - interval '3 hours')::date WHERE "status" = 'paid' AND "payment_date" IS NULL;--> statement-breakpoint
ALTER TABLE "accounts_payable" ADD CONSTRAINT "accounts_payable_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_payable_due_idx" ON "accounts_payable" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD CONSTRAINT "cash_flow_entries_payable_fk" FOREIGN KEY ("tenant_id","account_payable_id") REFERENCES "public"."accounts_payable"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_paid_check" CHECK (("accounts_receivable"."status" = 'paid') = ("accounts_receivable"."payment_date" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_cancelled_check" CHECK (("accounts_receivable"."status" = 'cancelled') = ("accounts_receivable"."cancelled_at" IS NOT NULL));