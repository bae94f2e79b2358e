-- Goods from an NF-e enter at their acquisition cost (vProd + IPI + ICMS-ST + FCP-ST +
-- freight + insurance + other - discount). A line's cost is kept whole (cost_total), and
-- the centavos that one cost per unit cannot carry stay with the product (cost_remainder),
-- so that the stock's value, positive stock x cost_price + cost_remainder, is what the
-- notes cost to the centavo. Lines entered before kept vProd alone: their cost is vProd.
ALTER TABLE "products" ADD COLUMN "cost_remainder" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_entry_lines" ADD COLUMN "cost_total" bigint;--> statement-breakpoint
UPDATE "stock_entry_lines" SET "cost_total" = "total";--> statement-breakpoint
ALTER TABLE "stock_entry_lines" ALTER COLUMN "cost_total" SET NOT NULL;
