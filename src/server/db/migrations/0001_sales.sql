CREATE TABLE "accounts_receivable" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"sale_id" uuid,
	"installment_number" integer,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"reference_number" text,
	"notes" text,
	"payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_receivable_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accounts_receivable_status_check" CHECK ("accounts_receivable"."status" IN ('pending', 'paid', 'cancelled')),
	CONSTRAINT "accounts_receivable_payment_method_check" CHECK ("accounts_receivable"."payment_method" IS NULL OR "accounts_receivable"."payment_method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario')),
	CONSTRAINT "accounts_receivable_amount_check" CHECK ("accounts_receivable"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_flow_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"sale_id" uuid,
	"account_payable_id" uuid,
	"account_receivable_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_flow_entries_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cash_flow_entries_type_check" CHECK ("cash_flow_entries"."type" IN ('income', 'expense')),
	CONSTRAINT "cash_flow_entries_amount_check" CHECK ("cash_flow_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"unit_cost" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_items_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_items_quantity_check" CHECK ("sale_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"total" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text NOT NULL,
	"sale_status" text NOT NULL,
	"crediario" jsonb,
	"stock_conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sales_payment_method_check" CHECK ("sales"."payment_method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario')),
	CONSTRAINT "sales_payment_status_check" CHECK ("sales"."payment_status" IN ('pending', 'paid', 'cancelled')),
	CONSTRAINT "sales_sale_status_check" CHECK ("sales"."sale_status" IN ('completed', 'cancelled')),
	CONSTRAINT "sales_total_check" CHECK ("sales"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_receivable" ADD CONSTRAINT "accounts_receivable_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD CONSTRAINT "cash_flow_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD CONSTRAINT "cash_flow_entries_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_entries" ADD CONSTRAINT "cash_flow_entries_receivable_fk" FOREIGN KEY ("tenant_id","account_receivable_id") REFERENCES "public"."accounts_receivable"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_receivable_due_idx" ON "accounts_receivable" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE INDEX "accounts_receivable_sale_idx" ON "accounts_receivable" USING btree ("tenant_id","sale_id");--> statement-breakpoint
CREATE INDEX "accounts_receivable_customer_idx" ON "accounts_receivable" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "cash_flow_entries_date_idx" ON "cash_flow_entries" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE INDEX "cash_flow_entries_sale_idx" ON "cash_flow_entries" USING btree ("tenant_id","sale_id");--> statement-breakpoint
CREATE INDEX "cash_flow_entries_receivable_idx" ON "cash_flow_entries" USING btree ("tenant_id","account_receivable_id");--> statement-breakpoint
CREATE INDEX "cash_flow_entries_payable_idx" ON "cash_flow_entries" USING btree ("tenant_id","account_payable_id");--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("tenant_id","sale_id","position");--> statement-breakpoint
CREATE INDEX "sale_items_product_idx" ON "sale_items" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "sales_tenant_sold_at_idx" ON "sales" USING btree ("tenant_id","sold_at");--> statement-breakpoint
CREATE INDEX "sales_tenant_customer_idx" ON "sales" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "sales_tenant_conflicts_idx" ON "sales" USING btree ("tenant_id","sold_at") WHERE stock_conflicts <> '[]'::jsonb;