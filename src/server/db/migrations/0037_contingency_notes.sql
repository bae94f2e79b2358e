-- NFC-e issued by a till in offline contingency (tpEmis 9), signed there with the key the till
-- holds (till_signing_keys, 0035), and sent to the server afterwards with its exact bytes
-- (POST /api/fiscal/contingency-notes, fiscal/contingency-notes.ts). The note is kept as any
-- other ('pendente' until the queue has SEFAZ's answer) with what tells it apart: its
-- emission type (also in its key), dhCont and xJust as the till wrote them, and the till's
-- key that signed it. A note whose key was removed before it was signed is kept 'rejeitada'
-- with the reason (never sent), so an admin sees it in Notas Fiscais.
ALTER TABLE "fiscal_notes" ADD COLUMN "emission_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "contingency_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "contingency_reason" text;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "till_key_id" uuid;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_till_key_fkey" FOREIGN KEY ("tenant_id","till_key_id") REFERENCES "till_signing_keys"("tenant_id","id");--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_emission_type_check" CHECK ("emission_type" IN (1, 9) AND ("emission_type" = 9) = ("contingency_at" IS NOT NULL));
