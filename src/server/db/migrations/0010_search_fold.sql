-- Searches ignore case and accents, in the app and here, by one rule (src/shared/text.ts
-- foldText): decompose (NFD), drop the combining marks U+0300..U+036F, lower case. 'Calça
-- José' is 'calca jose', and 'calca' finds it. balcao_fold is that rule in SQL: IMMUTABLE
-- (normalize, regexp_replace and lower are), so expression indexes may use it. In plpgsql
-- with its own COST, not inlined SQL: the planner then knows a row's folding costs about
-- what reading a row does (inlined, it counted three cheap operators and preferred reading
-- a store's every row over the index; folding 3,000 rows is ~20 ms). normalize needs a
-- UTF8 database (PGlite's, and any PostgreSQL created for text). lower() follows the
-- database's ctype: under C it lowers ASCII only, which after folding is every letter of
-- Portuguese.
-- A search is "contains" (LIKE '%text%'), which a btree cannot serve: the indexes are GIN
-- over trigrams (pg_trgm), tenant_id first as every index here (btree_gin). Both extensions
-- are trusted (the database's owner may create them) and ship with PostgreSQL and PGlite
-- (loaded by src/server/db/client.ts). A search shorter than three letters still uses the
-- tenant part of the index and checks each row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE FUNCTION "balcao_fold"(text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100
  AS $$ BEGIN RETURN lower(regexp_replace(normalize($1, NFD), '[\u0300-\u036f]', '', 'g')); END $$;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("tenant_id", balcao_fold("name") gin_trgm_ops, balcao_fold("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("tenant_id", balcao_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_payable_search_idx" ON "accounts_payable" USING gin ("tenant_id", balcao_fold("supplier_name") gin_trgm_ops, balcao_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_search_idx" ON "sales" USING gin ("tenant_id", balcao_fold("customer_name") gin_trgm_ops);
