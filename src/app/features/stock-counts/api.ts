// Inventário data: the store's counts (an open one is the newest), a count's products with
// what was counted, and the writes (open, finish, cancel), each with an Idempotency-Key so
// a repeat after a lost answer does it once. A counted quantity goes through the device's
// outbox instead (offline/stock-counts.ts: kept on the tablet until the server has it).
// After a finish the lists that show stock are fetched again.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  StockCountLinesResponseSchema,
  StockCountListResponseSchema,
  StockCountResponseSchema,
} from '../../../shared/contract/stock-counts';
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/accounts/common';

export const LINES_PAGE_SIZE = 50;

export const stockCountKeys = {
  all: ['stock-counts'] as const,
  list: () => [...stockCountKeys.all, 'list'] as const,
  lines: (id: string, search: string, page: number) => [...stockCountKeys.all, 'lines', id, search, page] as const,
};

const keyed = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

export function useStockCounts() {
  return useQuery({
    queryKey: stockCountKeys.list(),
    queryFn: async () =>
      (await api.get(StockCountListResponseSchema, '/stock-counts', { query: { page: 1, limit: 10 } })).data,
  });
}

export function fetchCountLines(id: string, search: string, page: number, limit = LINES_PAGE_SIZE) {
  const query = z.encode(z.object({ page: z.int(), limit: z.int(), search: z.optional(z.string()) }), {
    page,
    limit,
    ...(search ? { search } : {}),
  });
  return api.get(StockCountLinesResponseSchema, `/stock-counts/${id}/lines`, { query }).then((r) => r.data);
}

export function useCountLines(id: string, search: string, page: number) {
  return useQuery({
    queryKey: stockCountKeys.lines(id, search, page),
    queryFn: () => fetchCountLines(id, search, page),
    placeholderData: (previous) => previous,
  });
}

function useCountWrite<T, R>(write: (input: T) => Promise<R>, stockChanged = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all(
        [stockCountKeys.all, ...(stockChanged ? [['products'], ['dashboard']] : [])].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useOpenCount = () =>
  useCountWrite((search: string) =>
    api.post(StockCountResponseSchema, '/stock-counts', search ? { search } : {}, keyed()).then((r) => r.data),
  );

/** Fetches the count and its lines again (what the outbox delivered is now the server's). */
export function useRefreshCount(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: stockCountKeys.all });
}

/** What the lines this device last fetched say was counted of a product (undefined: no line fetched). */
export function cachedCounted(client: QueryClient, id: string, productId: string): number | null | undefined {
  const pages = client.getQueriesData<{ lines: { product_id: string; counted: number | null }[] }>({
    queryKey: [...stockCountKeys.all, 'lines', id],
  });
  for (const [, page] of pages) {
    const line = page?.lines.find((l) => l.product_id === productId);
    if (line) return line.counted;
  }
  return undefined;
}

/** Finishing takes the key of the attempt: the same confirmation sent again is one finish. */
export const useFinishCount = () =>
  useCountWrite(
    ({ id, key }: { id: string; key: string }) =>
      api
        .post(StockCountResponseSchema, `/stock-counts/${id}/confirm`, undefined, {
          headers: { 'Idempotency-Key': key },
        })
        .then((r) => r.data),
    true,
  );

export const useCancelCount = () =>
  useCountWrite((id: string) =>
    api.post(StockCountResponseSchema, `/stock-counts/${id}/cancel`, undefined, keyed()).then((r) => r.data),
  );

export { newIdempotencyKey };
