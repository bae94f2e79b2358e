-- Two more things admins review: a cashier's return, delivered by the outbox, of a sale past
-- the store's troca period, and a cancel the outbox delivered without a reason.
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("kind" IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit', 'credit', 'store_credit_payout', 'cash_session', 'return_period', 'cancel_reason'));
