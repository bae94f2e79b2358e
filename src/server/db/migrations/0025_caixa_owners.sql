-- Money booked from the outbox into a caixa not its own (another person's or another
-- device's): a conflict admins review.
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("kind" IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit', 'credit', 'store_credit_payout', 'cash_session'));--> statement-breakpoint
-- An admin's password typed at a cashier's till (an approval) is counted apart from logins:
-- per cashier who asks (`asked_by`) and per admin e-mail, never on the admin's login.
ALTER TABLE "login_attempts" ADD COLUMN "scope" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "asked_by" uuid;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_scope_check" CHECK ("scope" IN ('login', 'approval'));--> statement-breakpoint
CREATE INDEX "login_attempts_asker_idx" ON "login_attempts" ("tenant_id","asked_by","created_at") WHERE "asked_by" IS NOT NULL;
