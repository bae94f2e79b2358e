// A store's whole list of one kind of record (products, customers, users): fetched page
// after page (the server caps a page at MAX_PAGE_SIZE), and, for products and customers,
// kept in the query cache after a change without fetching it again (spec §4: append,
// replace, remove).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../shared/constants';
import { PageQuery } from '../../shared/contract/common';
import { api } from './api';

const PageQuerySchema = z.object(PageQuery);

/** Every record at `path`: `rows` takes a page's records from its answer. */
export async function fetchEveryPage<D extends { pagination: { totalPages: number } }, T>(
  schema: z.ZodType<{ data: D }>,
  path: string,
  rows: (data: D) => T[],
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const query = z.encode(PageQuerySchema, { page, limit: MAX_PAGE_SIZE });
    const { data } = await api.get(schema, path, { query });
    const found = rows(data);
    all.push(...found);
    if (page >= data.pagination.totalPages || found.length === 0) return all;
  }
}

/** The cached list under `key` after a change: a record added at the end, replaced or removed. */
export function updateCachedList<T extends { id: string }>(queryClient: QueryClient, key: QueryKey) {
  const update = (change: (old: T[]) => T[]) => queryClient.setQueryData<T[]>(key, (old) => old && change(old));
  return {
    append: (record: T) => update((old) => [...old, record]),
    replace: (record: T) => update((old) => old.map((r) => (r.id === record.id ? record : r))),
    remove: (id: string) => update((old) => old.filter((r) => r.id !== id)),
  };
}
