// Offline sales and counts. A sale made at the till (sold_at) before a count counted one of
// its products, and delivered after that, is already in what the count saw on the shelf:
// - the count finished: the sale does not take the product off stock again; its movement
//   says so (quantity 0, the count's id, SALE_ALREADY_COUNTED_REASON);
// - the count still open: the sale takes the stock as any sale, and the counted line's
//   stock_when_counted goes down with it (the system would have had that much less when
//   it was counted), so finishing the count does not take the units a second time, and
//   cancelling it leaves the stock right.
// Read in its own statement after the run's products are locked (sale-create-read.ts): a
// line counted meanwhile waits for those locks (setCounted share-locks its product), so
// every line counted before the sale is seen here and every one after sees the sale. The
// counts are share-locked: finishing one waits for the sale, and the other way round.
import { sql, type SQL } from 'drizzle-orm';
import type { SaleCreate } from '../../../shared/contract';
import { executeNamed, type DbOrTx } from '../../db/client';
import { saleTime } from '../../core/sale-time';

/** A line of a count (open or finished) that counted a product of the run. */
export interface CountedLine {
  countId: string;
  open: boolean;
  countedAt: Date;
}

/** The counted lines of each product, by product id. */
export type CountedLines = Map<string, CountedLine[]>;

/** How a count stands to one sale of one product: nothing, already taken, or counted while open. */
export type CountedBy = { countId: string; open: boolean } | null;

/** The earliest sold_at of the run's offline sales (null: none is offline). */
function earliestOffline(inputs: readonly SaleCreate[], receivedAt: Date): Date | null {
  const times = inputs.filter((i) => i.offline).map((i) => saleTime(i.sold_at, receivedAt).soldAt.getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/** The lines of open and finished counts that counted the run's products after its earliest offline sale. */
export async function readCounted(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  receivedAt: Date,
): Promise<CountedLines> {
  const since = earliestOffline(inputs, receivedAt);
  const out: CountedLines = new Map();
  if (!since) return out;
  const ids = `{${[...new Set(inputs.filter((i) => i.offline).flatMap((i) => i.items.map((l) => l.product_id)))].join(',')}}`;
  const { rows } = await executeNamed<{
    product_id: string;
    count_id: string;
    status: string;
    counted_at: Date | string;
  }>(
    t,
    sql`SELECT i.product_id, i.count_id, c.status, i.counted_at
          FROM stock_count_items i
          JOIN stock_counts c ON c.tenant_id = i.tenant_id AND c.id = i.count_id
         WHERE i.tenant_id = ${tenantId} AND i.product_id = ANY(${ids}::uuid[])
           AND i.counted_at > ${since.toISOString()}::timestamptz AND c.status <> 'cancelled'
         ORDER BY c.id FOR SHARE OF c`,
  );
  for (const r of rows) {
    if (r.status === 'cancelled') continue; // cancelled while the lock was awaited
    const line = { countId: r.count_id, open: r.status === 'open', countedAt: new Date(r.counted_at) };
    out.set(r.product_id, [...(out.get(r.product_id) ?? []), line]);
  }
  return out;
}

/**
 * The count a sale made at `soldAt` meets for a product: the finished count that counted it
 * later (the sale is already taken), else the open one that did, else none.
 */
export function countedBy(lines: readonly CountedLine[] | undefined, soldAt: Date): CountedBy {
  const later = (lines ?? []).filter((l) => l.countedAt.getTime() > soldAt.getTime());
  const done = later.find((l) => !l.open);
  if (done) return { countId: done.countId, open: false };
  const open = later.find((l) => l.open);
  return open ? { countId: open.countId, open: true } : null;
}

/** Lowers the open counts' stock_when_counted by what the run's earlier sales took (a WITH query of the write). */
export function countedLinesSql(
  tenantId: string,
  takes: readonly { countId: string; productId: string; take: number }[],
): SQL {
  const json = JSON.stringify(takes.map((x) => ({ count_id: x.countId, product_id: x.productId, take: x.take })));
  return sql`UPDATE stock_count_items AS i SET stock_when_counted = i.stock_when_counted - x.take
    FROM jsonb_to_recordset(${json}::jsonb) AS x(count_id uuid, product_id uuid, take integer)
   WHERE i.tenant_id = ${tenantId} AND i.count_id = x.count_id AND i.product_id = x.product_id
  RETURNING i.product_id`;
}
