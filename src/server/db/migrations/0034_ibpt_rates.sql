-- Tributos aproximados (Lei 12.741/2012): the IBPT table of the store's state, one row per
-- NCM and TIPI exception ('' for the NCM's own row), with its rates in percent (federal for
-- national and for imported goods, estadual, municipal), its validity, key, version and
-- source as the file gives them. Each import replaces the store's rows whole, in one
-- transaction (fiscal/ibpt-table.ts); the emission reads the rates in force (taxRatesFor).
CREATE TABLE "ibpt_rates" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"ncm" text NOT NULL,
	"ex" text DEFAULT '' NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"federal_national" numeric(8, 4) NOT NULL,
	"federal_imported" numeric(8, 4) NOT NULL,
	"state" numeric(8, 4) NOT NULL,
	"municipal" numeric(8, 4) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"key" text NOT NULL,
	"version" text NOT NULL,
	"source" text NOT NULL,
	"uf" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ibpt_rates_pkey" PRIMARY KEY ("tenant_id","ncm","ex"),
	CONSTRAINT "ibpt_rates_ncm_check" CHECK ("ncm" ~ '^[0-9]{8}$'),
	CONSTRAINT "ibpt_rates_kind_check" CHECK ("kind" IN (0, 1, 2)),
	CONSTRAINT "ibpt_rates_rates_check" CHECK (
		"federal_national" >= 0 AND "federal_imported" >= 0 AND "state" >= 0 AND "municipal" >= 0
	),
	CONSTRAINT "ibpt_rates_validity_check" CHECK ("valid_until" >= "valid_from")
);
