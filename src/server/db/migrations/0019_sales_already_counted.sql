-- A sale already counted: an offline sale made (sold_at) before a count counted its product,
-- delivered after that count was finished, does not take the product off stock again (the
-- count saw the shelf without it). Its movement is kept for the history with quantity 0,
-- kind 'sale' and the count that had already taken it (count_id).
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_quantity_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_quantity_check" CHECK ("quantity" <> 0 OR ("kind" = 'sale' AND "count_id" IS NOT NULL));--> statement-breakpoint
-- A delivered offline sale looks up the counts of its products counted after it was made.
CREATE INDEX "stock_count_items_product_idx" ON "stock_count_items" ("tenant_id", "product_id", "counted_at");
