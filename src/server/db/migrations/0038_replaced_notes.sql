-- The note in doubt: a till that got no answer for a sale's note N (sent online by the server)
-- issues the sale's note again in offline contingency, N+1, and N is replaced by it
-- (replaced_by: the note that stands for the sale now). N is then resolved by the queue
-- (fiscal/notes/replaced-note.ts: consulted, cancelled by substitution or discarded), never
-- sent again; what the admin must know about it once resolved is kept in replacement_notice.
-- A sale keeps one live note: the unique index by sale leaves the replaced ones out. The
-- reference is checked at commit, so a note and its replacement are written in one
-- transaction in any order.
ALTER TABLE "fiscal_notes" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "replacement_notice" text;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_replaced_by_fkey" FOREIGN KEY ("tenant_id","replaced_by") REFERENCES "fiscal_notes"("tenant_id","id") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_replaced_by_check" CHECK ("replaced_by" IS NULL OR "replaced_by" <> "id");--> statement-breakpoint
DROP INDEX "fiscal_notes_sale_key";--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_sale_key" ON "fiscal_notes" ("tenant_id","sale_id") WHERE "sale_id" IS NOT NULL AND "replaced_by" IS NULL;--> statement-breakpoint
CREATE INDEX "fiscal_notes_replaced_queue_idx" ON "fiscal_notes" ("next_attempt_at") WHERE "replaced_by" IS NOT NULL AND "replacement_notice" IS NULL AND "status" IN ('autorizada', 'rejeitada');
