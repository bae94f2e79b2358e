-- The store's fiscal setup for the NFC-e, one row per store, apart from the store's settings
-- (which every signed-in user reads): the emitter, the regime, the environment, the
-- Responsável Técnico, the QR code's settings and the product defaults as one JSON object
-- (contract/fiscal-settings.ts fills in the defaults), the CSC and the A1 certificate sealed
-- (AES-256-GCM, with a key kept outside the database: fiscal/secret-box.ts), and what may be
-- shown of the certificate. Each till has its own NFC-e series, unique in the store.
CREATE TABLE "fiscal_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"csc_sealed" text,
	"certificate_sealed" text,
	"certificate_subject" text,
	"certificate_cnpj" text,
	"certificate_serial" text,
	"certificate_not_before" timestamp with time zone,
	"certificate_not_after" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_certificate_check" CHECK (
		("certificate_sealed" IS NULL) = ("certificate_not_after" IS NULL)
		AND ("certificate_sealed" IS NULL) = ("certificate_cnpj" IS NULL)
	)
);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "nfce_series" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_nfce_series_check" CHECK ("nfce_series" BETWEEN 0 AND 999);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_nfce_series_key" ON "devices" ("tenant_id","nfce_series") WHERE "nfce_series" IS NOT NULL;
