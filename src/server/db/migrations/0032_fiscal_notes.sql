-- The NFC-e the store issues (modelo 65): the next number of each series (per environment:
-- homologação and produção count apart), every note with its signed bytes and what SEFAZ
-- answered, the events registered for a note (cancel 110111) and the runs of numbers voided
-- (inutilização). A note's row is written in the same transaction as its sale, signed: the
-- queue (fiscal/emission-queue.ts) only carries it, and never rebuilds it.
CREATE TABLE "fiscal_series" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"environment" text NOT NULL,
	"series" integer NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fiscal_series_pkey" PRIMARY KEY ("tenant_id","environment","series"),
	CONSTRAINT "fiscal_series_environment_check" CHECK ("environment" IN ('homologacao', 'producao')),
	CONSTRAINT "fiscal_series_series_check" CHECK ("series" BETWEEN 0 AND 999),
	CONSTRAINT "fiscal_series_next_number_check" CHECK ("next_number" BETWEEN 1 AND 1000000000)
);--> statement-breakpoint
CREATE TABLE "fiscal_notes" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid,
	"device_id" uuid,
	"environment" text NOT NULL,
	"series" integer NOT NULL,
	"number" integer NOT NULL,
	"key" text NOT NULL,
	"numeric_code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_at_local" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"xml" text NOT NULL,
	"protocol_xml" text,
	"protocol" text,
	"authorized_at" text,
	"cstat" integer,
	"reason" text,
	"qr_code" text NOT NULL,
	"url_chave" text NOT NULL,
	"customer_document" text,
	"total" bigint NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"approximate_taxes" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"in_doubt" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_notes_pkey" PRIMARY KEY ("tenant_id","id"),
	CONSTRAINT "fiscal_notes_sale_fkey" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "sales"("tenant_id","id"),
	CONSTRAINT "fiscal_notes_status_check" CHECK ("status" IN ('pendente', 'autorizada', 'rejeitada', 'cancelada', 'inutilizada')),
	CONSTRAINT "fiscal_notes_environment_check" CHECK ("environment" IN ('homologacao', 'producao')),
	CONSTRAINT "fiscal_notes_series_check" CHECK ("series" BETWEEN 0 AND 999),
	CONSTRAINT "fiscal_notes_number_check" CHECK ("number" BETWEEN 1 AND 999999999),
	CONSTRAINT "fiscal_notes_key_check" CHECK (length("key") = 44),
	CONSTRAINT "fiscal_notes_money_check" CHECK ("total" >= 0 AND "change" >= 0 AND coalesce("approximate_taxes", 0) >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_number_key" ON "fiscal_notes" ("tenant_id","environment","series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_key_key" ON "fiscal_notes" ("tenant_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_sale_key" ON "fiscal_notes" ("tenant_id","sale_id") WHERE "sale_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fiscal_notes_queue_idx" ON "fiscal_notes" ("next_attempt_at") WHERE "status" = 'pendente';--> statement-breakpoint
CREATE INDEX "fiscal_notes_issued_idx" ON "fiscal_notes" ("tenant_id","issued_at");--> statement-breakpoint
CREATE TABLE "fiscal_note_events" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"justification" text NOT NULL,
	"xml" text NOT NULL,
	"protocol_xml" text,
	"protocol" text,
	"registered_at" text,
	"cstat" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_note_events_pkey" PRIMARY KEY ("tenant_id","id"),
	CONSTRAINT "fiscal_note_events_note_fkey" FOREIGN KEY ("tenant_id","note_id") REFERENCES "fiscal_notes"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "fiscal_note_events_type_check" CHECK ("type" ~ '^[0-9]{6}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_note_events_sequence_key" ON "fiscal_note_events" ("tenant_id","note_id","type","sequence");--> statement-breakpoint
CREATE TABLE "fiscal_inutilizations" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"environment" text NOT NULL,
	"series" integer NOT NULL,
	"first" integer NOT NULL,
	"last" integer NOT NULL,
	"justification" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"xml" text NOT NULL,
	"protocol_xml" text,
	"protocol" text,
	"cstat" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_inutilizations_pkey" PRIMARY KEY ("tenant_id","id"),
	CONSTRAINT "fiscal_inutilizations_status_check" CHECK ("status" IN ('pendente', 'homologada', 'rejeitada')),
	CONSTRAINT "fiscal_inutilizations_range_check" CHECK ("first" >= 1 AND "last" >= "first" AND "last" <= 999999999)
);--> statement-breakpoint
CREATE INDEX "fiscal_inutilizations_series_idx" ON "fiscal_inutilizations" ("tenant_id","environment","series","first");
