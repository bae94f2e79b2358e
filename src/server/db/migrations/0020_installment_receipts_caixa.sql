-- An instalment received at the counter counts in the caixa session of the device that took
-- it: its cash-book entries (the principal and the late charges) carry that session, and the
-- session's expected figures add them by method. Null: not taken at a till (or its session
-- was already closed when the receipt arrived).
ALTER TABLE "cash_flow_entries" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
CREATE INDEX "cash_flow_entries_session_idx" ON "cash_flow_entries" ("tenant_id","cash_session_id") WHERE "cash_session_id" IS NOT NULL;
