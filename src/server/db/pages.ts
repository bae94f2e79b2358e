// One page of a list and how many rows the whole list holds, read at once (two
// connections on PostgreSQL): what every paged GET of the API answers.
import type { PgSelect } from 'drizzle-orm/pg-core';
import { paginationOf, type Pagination } from '../../shared/contract';

/** `rows` (the list's ordered select, `.$dynamic()`) cut to the page asked, and `counted` (its count) as the pagination. */
export async function pageOf<Q extends PgSelect>(
  rows: Q,
  counted: PromiseLike<{ total: number }[]>,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: Awaited<Q>; pagination: Pagination }> {
  const [[{ total } = { total: 0 }], found] = await Promise.all([
    counted,
    rows.limit(limit).offset((page - 1) * limit),
  ]);
  return { rows: found as Awaited<Q>, pagination: paginationOf(page, limit, total) };
}
