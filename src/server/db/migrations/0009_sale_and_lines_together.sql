-- A new sale and its lines may be written by ONE statement (sales/sale-create-write.ts:
-- data-modifying WITH queries), one round trip less per sale. The day totals' triggers of
-- 0005 (plpgsql since 0007) counted a new sale's cost from the lines it already had, and each
-- new line's cost once its sale was there. Written in two statements (sale, then lines) the
-- first found no lines; in one statement both statement triggers fire at its end and would
-- both see everything, counting the cost twice. A new sale now counts itself and its revenue
-- only: its cost and its products' days always come from its lines' own trigger, which finds
-- the sale either way. For the old order (sale, then lines) nothing changes: the lines a new
-- sale found were none. Updates and deletes are as before.
CREATE OR REPLACE FUNCTION "sale_reports_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_days_add(array_agg(n.tenant_id), array_agg(((n.sold_at AT TIME ZONE 'UTC') - interval '3 hours')::date),
                           array_agg(1::bigint), array_agg(n.total), array_agg(0::bigint))
       FROM new_rows n WHERE n.sale_status = 'completed' HAVING count(*) > 0;
  ELSE
    -- Only sales whose status, day or total changed (not a payment status or a note).
    PERFORM sale_reports_sales(array_agg(c.sign), array_agg(c.tenant_id), array_agg(c.id), array_agg(c.sold_at), array_agg(c.total))
       FROM (SELECT -1 AS sign, o.tenant_id, o.id, o.sold_at, o.total FROM old_rows o
              WHERE o.sale_status = 'completed' AND NOT EXISTS (
                SELECT 1 FROM new_rows n WHERE n.tenant_id = o.tenant_id AND n.id = o.id
                   AND n.sale_status = o.sale_status AND n.sold_at = o.sold_at AND n.total = o.total)
             UNION ALL
             SELECT 1, n.tenant_id, n.id, n.sold_at, n.total FROM new_rows n
              WHERE n.sale_status = 'completed' AND NOT EXISTS (
                SELECT 1 FROM old_rows o WHERE o.tenant_id = n.tenant_id AND o.id = n.id
                   AND o.sale_status = n.sale_status AND o.sold_at = n.sold_at AND o.total = n.total)) c
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
