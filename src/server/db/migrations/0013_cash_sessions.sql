-- The till's session (caixa) per device: opened with a float, cash moved in and out
-- (suprimento / sangria: movements inside the store, not cash-book entries), closed with
-- a blind count per method. The close keeps its figures (expected, counted, difference
-- per method) and the one cash-book entry of its difference. At most one open session per
-- device. A sale belongs to the session of the device it was made on (sales.cash_session_id).
CREATE TABLE "cash_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"device_label" text,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_float" bigint NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"claimed_opened_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"figures" jsonb,
	"close_reason" text,
	"difference" bigint,
	"difference_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_sessions_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cash_sessions_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade,
	CONSTRAINT "cash_sessions_opened_by_fk" FOREIGN KEY ("tenant_id","opened_by") REFERENCES "users"("tenant_id","id"),
	CONSTRAINT "cash_sessions_closed_by_fk" FOREIGN KEY ("tenant_id","closed_by") REFERENCES "users"("tenant_id","id"),
	CONSTRAINT "cash_sessions_entry_fk" FOREIGN KEY ("tenant_id","difference_entry_id") REFERENCES "cash_flow_entries"("tenant_id","id"),
	CONSTRAINT "cash_sessions_status_check" CHECK ("status" IN ('open', 'closed')),
	CONSTRAINT "cash_sessions_float_check" CHECK ("opening_float" >= 0),
	CONSTRAINT "cash_sessions_closed_check" CHECK (("status" = 'closed') = ("closed_at" IS NOT NULL) AND ("status" = 'closed') = ("figures" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_one_open_idx" ON "cash_sessions" ("tenant_id","device_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "cash_sessions_opened_idx" ON "cash_sessions" ("tenant_id","opened_at");--> statement-breakpoint
CREATE INDEX "cash_sessions_user_idx" ON "cash_sessions" ("tenant_id","opened_by","opened_at");--> statement-breakpoint

CREATE TABLE "cash_session_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_session_movements_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cash_session_movements_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade,
	CONSTRAINT "cash_session_movements_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "cash_sessions"("tenant_id","id") ON DELETE cascade,
	CONSTRAINT "cash_session_movements_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "users"("tenant_id","id"),
	CONSTRAINT "cash_session_movements_kind_check" CHECK ("kind" IN ('sangria', 'suprimento')),
	CONSTRAINT "cash_session_movements_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
CREATE INDEX "cash_session_movements_session_idx" ON "cash_session_movements" ("tenant_id","session_id","made_at");--> statement-breakpoint

ALTER TABLE "sales" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_cash_session_fk" FOREIGN KEY ("tenant_id","cash_session_id") REFERENCES "cash_sessions"("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sales_cash_session_idx" ON "sales" ("tenant_id","cash_session_id") WHERE "cash_session_id" IS NOT NULL;
