// A store's whole list of one kind of record (products, customers, users): fetched page
// after page (the server caps a page at MAX_PAGE_SIZE), one record created, changed or
// deleted, and, for products and customers, the list kept in the query cache after a
// change without fetching it again (spec §4: append, replace, remove).
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { MAX_PAGE_SIZE } from '../../shared/constants';
import { AckSchema, PageQuery } from '../../shared/contract/common';
import { api } from './api';

const PageQuerySchema = z.object(PageQuery);

/** Every record at `path`: `rows` takes a page's records from its answer. */
export async function fetchEveryPage<D extends { pagination: { totalPages: number } }, T>(
  schema: z.ZodMiniType<{ data: D }>,
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

/**
 * The calls on the records named `name` (at `/name`, a page of them under `name` in the
 * list's answer): all of them, one created (its body encoded with the contract's `create`
 * schema), one changed (`update`) or deleted by id; every answer parsed with the contract.
 */
export function recordCalls<
  K extends string,
  T,
  D extends { pagination: { totalPages: number } } & Record<K, T[]>,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
>(name: K, schemas: { list: z.ZodMiniType<{ data: D }>; one: z.ZodMiniType<{ data: T }>; create: C; update: U }) {
  const { list, one, create, update } = schemas;
  const path = `/${name}`;
  return {
    fetchAll: (): Promise<T[]> => fetchEveryPage(list, path, (data) => data[name]),
    create: (value: z.output<C>, headers?: Record<string, string>): Promise<T> =>
      api.post(one, path, z.encode(create, value), { headers }).then((r) => r.data),
    update: (id: string, value: z.output<U>): Promise<T> =>
      api.put(one, `${path}/${id}`, z.encode(update, value)).then((r) => r.data),
    remove: (id: string): Promise<void> => api.delete(AckSchema, `${path}/${id}`).then(() => undefined),
  };
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

/**
 * A change whose answer lands in the cached list under `key`: the record it answers is
 * appended (a new one) or replaced (a changed one); a delete removes the id it was given.
 * `networkMode: 'always'` runs it without a connection too (it queues in the outbox).
 */
export function useCachedListChange<V, T extends { id: string }>(
  key: QueryKey,
  change: 'append' | 'replace',
  mutationFn: (value: V) => Promise<T>,
  networkMode?: 'always',
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode,
    mutationFn,
    onSuccess: (record: T) => updateCachedList<T>(queryClient, key)[change](record),
  });
}

export function useCachedListDelete<T extends { id: string }>(key: QueryKey, remove: (id: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_void, id) => updateCachedList<T>(queryClient, key).remove(id),
  });
}
