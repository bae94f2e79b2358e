-- The sale number people read aloud and type ('A-0042'): a device code and that device's
-- own sequence, made at the till without the network (src/shared/sale-number.ts). Each
-- device gets its code from the server once, on its first contact (devices: A, B, ... Z,
-- AA, AB, ...; the store's counter hands them out in order, so two devices never share
-- one). A sale that arrives without a number, or with one already taken, gets a number of
-- the store's own sequence with no letter ('0107'), from the same counter; the sales made
-- before numbers existed are numbered here that way, in the order they were sold, and their
-- cash-book and receivable descriptions take the number ('Venda #0042') in place of the
-- first characters of the id.
CREATE TABLE "devices" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "devices_code_check" CHECK ("code" ~ '^[A-Z]{1,3}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_code_key" ON "devices" ("tenant_id","code");--> statement-breakpoint
CREATE TABLE "sale_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"devices" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
UPDATE "sales" s SET "number" = lpad(n.seq::text, greatest(4, length(n.seq::text)), '0')
  FROM (SELECT "tenant_id", "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "sold_at", "created_at", "id") AS seq
          FROM "sales") n
 WHERE s."tenant_id" = n."tenant_id" AND s."id" = n."id";--> statement-breakpoint
INSERT INTO "sale_counters" ("tenant_id", "sales")
SELECT "tenant_id", count(*) FROM "sales" GROUP BY "tenant_id";--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_number_check" CHECK ("number" ~ '^([A-Z]{1,3}-)?[0-9]{4,}$');--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_key" ON "sales" ("tenant_id","number");--> statement-breakpoint
-- The history's filters, newest first: by cashier, by device (the period, status and
-- method filters walk sales_tenant_sold_at_idx backwards).
CREATE INDEX "sales_created_by_idx" ON "sales" ("tenant_id","created_by","sold_at");--> statement-breakpoint
CREATE INDEX "sales_device_idx" ON "sales" ("tenant_id","device_id","sold_at") WHERE "device_id" IS NOT NULL;--> statement-breakpoint
UPDATE "cash_flow_entries" e SET "description" = replace(e."description", '#' || upper(left(s."id"::text, 8)), '#' || s."number")
  FROM "sales" s
 WHERE e."tenant_id" = s."tenant_id" AND e."sale_id" = s."id";--> statement-breakpoint
UPDATE "accounts_receivable" r SET "description" = replace(r."description", '#' || upper(left(s."id"::text, 8)), '#' || s."number")
  FROM "sales" s
 WHERE r."tenant_id" = s."tenant_id" AND r."sale_id" = s."id";
