-- The tills that hold the store's signing key for the NFC-e offline contingency: an admin
-- imports the store's A1 on a till, whose browser keeps the key (never given out) and tells
-- the server it holds it, sending only the certificate (public). One row per import: the
-- certificate as DER in base64, its serial, SHA-256 fingerprint, CNPJ and validity, who
-- enabled it and when; revoked_at/by once an admin removes it (or a new import on the same
-- till replaces it). A till holds at most one key in force. A contingency note is accepted
-- only when its certificate's key is in force for the till that signed it (fiscal/till-keys.ts).
CREATE TABLE "till_signing_keys" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"certificate_der" text NOT NULL,
	"certificate_serial" text NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"certificate_cnpj" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"enabled_by" uuid,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "till_signing_keys_pkey" PRIMARY KEY ("tenant_id","id"),
	CONSTRAINT "till_signing_keys_device_fk" FOREIGN KEY ("tenant_id","device_id") REFERENCES "devices"("tenant_id","id"),
	CONSTRAINT "till_signing_keys_enabled_by_fk" FOREIGN KEY ("tenant_id","enabled_by") REFERENCES "users"("tenant_id","id"),
	CONSTRAINT "till_signing_keys_revoked_by_fk" FOREIGN KEY ("tenant_id","revoked_by") REFERENCES "users"("tenant_id","id"),
	CONSTRAINT "till_signing_keys_fingerprint_check" CHECK ("certificate_fingerprint" ~ '^[0-9A-F]{64}$'),
	CONSTRAINT "till_signing_keys_validity_check" CHECK ("not_after" > "not_before"),
	CONSTRAINT "till_signing_keys_revoked_check" CHECK ("revoked_by" IS NULL OR "revoked_at" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "till_signing_keys_in_force_key" ON "till_signing_keys" ("tenant_id","device_id") WHERE "revoked_at" IS NULL;
