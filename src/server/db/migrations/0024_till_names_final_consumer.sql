-- The name an admin gives each till ('Caixa 1', 'Balcão 2'), shown beside its code in
-- Caixas, in a sale's detail and on the receipt; unique in the store, whatever the case.
ALTER TABLE "devices" ADD COLUMN "name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_name_key" ON "devices" ("tenant_id", lower("name")) WHERE "name" IS NOT NULL;--> statement-breakpoint
-- The store's built-in 'Consumidor final': the customer of a sale to someone who gives no
-- name. Told by this flag, never by its name; one per store.
ALTER TABLE "customers" ADD COLUMN "final_consumer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_final_consumer_key" ON "customers" ("tenant_id") WHERE "final_consumer";--> statement-breakpoint
-- A sale paid wholly with the vale-troca records that as its method (no money came in),
-- instead of the method the till had selected.
ALTER TABLE "sales" DROP CONSTRAINT "sales_payment_method_check";--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_check" CHECK ("payment_method" IN ('cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario', 'store_credit'));--> statement-breakpoint
UPDATE "sales" s SET "payment_method" = 'store_credit'
 WHERE s."payment_method" <> 'crediario'
   AND EXISTS (SELECT 1 FROM "sale_payments" p WHERE p."tenant_id" = s."tenant_id" AND p."sale_id" = s."id")
   AND NOT EXISTS (SELECT 1 FROM "sale_payments" p
                    WHERE p."tenant_id" = s."tenant_id" AND p."sale_id" = s."id" AND p."method" <> 'store_credit');
