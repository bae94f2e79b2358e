-- A customer's credit limit for crediário (centavos; null: the store's default from its
-- settings), and the credit conflict: an offline crediário sale that took the customer's
-- open crediário over the limit is recorded, never lost, for admins to review.
ALTER TABLE "customers" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "sale_conflicts" DROP CONSTRAINT "sale_conflicts_kind_check";--> statement-breakpoint
ALTER TABLE "sale_conflicts" ADD CONSTRAINT "sale_conflicts_kind_check" CHECK ("sale_conflicts"."kind" IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit', 'credit'));
