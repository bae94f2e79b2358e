-- A note whose sale was cancelled in Balcão is resolved, never left valid in silence: a note
-- SEFAZ never received becomes 'descartada' (never sent afterwards; its number is listed
-- among the skipped ones, for the inutilização), and one that must still be consulted or
-- cancelled when SEFAZ answers carries cancel_requested_at (its justification in
-- cancel_reason) until the queue resolves it (fiscal/cancelled-sale-note.ts).
ALTER TABLE "fiscal_notes" DROP CONSTRAINT "fiscal_notes_status_check";--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_status_check" CHECK ("status" IN ('pendente', 'autorizada', 'rejeitada', 'cancelada', 'inutilizada', 'descartada'));--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "fiscal_notes_cancel_queue_idx" ON "fiscal_notes" ("next_attempt_at") WHERE "status" = 'autorizada' AND "cancel_requested_at" IS NOT NULL;
