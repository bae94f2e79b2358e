-- The variant of the product as sold on each sale line (its size and colour then), so a
-- receipt and the history name 'Calça Jeans Slim · 42 / Azul' as the customer bought it.
ALTER TABLE "sale_items" ADD COLUMN "product_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "product_color" text DEFAULT '' NOT NULL;
